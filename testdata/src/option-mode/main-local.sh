#!/usr/bin/env bash
# The options are read inside main "$@", over main's own default (local
# mode=serve): main is called once with the script's words, so --mode
# picks the mode there as at the top level.
set -euo pipefail
. "$(dirname "$0")/serve.env"
main() {
  local mode=serve
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --mode) mode=$2; shift 2 ;;
      --) shift; break ;;
      *) echo "unknown option $1" >&2; exit 2 ;;
    esac
  done
  case "$mode" in
    serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
    bench) exec vllm serve "$MODEL" --max-num-seqs 256 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;; # want "bench boots with --max-num-seqs 256 where serve boots with 64" "bench passes --max-num-seqs 256"
    *) exit 2 ;;
  esac
}
main "$@"
