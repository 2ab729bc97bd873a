#!/usr/bin/env bash
# main is called from inside a branch, after that branch's shift: its $2 is
# the script's third word, no mode the second word picks (nothing compared;
# the literal 64 is still a number the env file owns).
set -euo pipefail
. "$(dirname "$0")/serve.env"
main() {
  local model=${1:?usage}
  local mode=${2:-serve}
  case "$mode" in
    serve) exec vllm serve "$model" --max-num-seqs "$MAX_NUM_SEQS" ;;
    bench) exec vllm serve "$model" --max-num-seqs 64 ;; # want "passes --max-num-seqs 64; .*owns it as MAX_NUM_SEQS=16"
  esac
}
case "${1:-}" in
  up) shift; main "$@" ;;
  *) echo "usage: main-arm.sh up MODEL [serve|bench]" >&2; exit 2 ;;
esac
