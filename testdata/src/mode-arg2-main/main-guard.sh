#!/usr/bin/env bash
# main "$@" behind the guard of a script that may be sourced: the test
# shifts nothing, so main's $1 and $2 are still the script's words and the
# second word picks the mode.
set -euo pipefail
. "$(dirname "$0")/serve.env"
main() {
  local model=${1:?usage: main-guard.sh MODEL [serve|bench]}
  local mode=${2:-serve}
  case "$mode" in
    serve) exec vllm serve "$model" --max-num-seqs "$MAX_NUM_SEQS" ;;
    bench) exec vllm serve "$model" --max-num-seqs 64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16" "bench passes --max-num-seqs 64"
    *) exit 2 ;;
  esac
}
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  main "$@"
fi
