#!/usr/bin/env bash
# serve.sh MODEL [serve|bench], read inside main "$@": main's $1 and $2 are
# the script's, so the second word picks the mode and bench is compared.
set -euo pipefail
. "$(dirname "$0")/serve.env"
main() {
  local model=${1:?usage: main.sh MODEL [serve|bench]}
  local mode=${2:-serve}
  local args=(--max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
  case "$mode" in
    serve) args+=(--max-num-seqs "$MAX_NUM_SEQS") ;;
    bench) args+=(--max-num-seqs 64) ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16" "bench passes --max-num-seqs 64"
    *) echo "usage: main.sh MODEL [serve|bench]" >&2; exit 2 ;;
  esac
  exec vllm serve "$model" "${args[@]}"
}
main "$@"
