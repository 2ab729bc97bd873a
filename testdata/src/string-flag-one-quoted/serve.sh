#!/usr/bin/env bash
# The shared flag lives in a string holding one flag, expanded quoted:
# "$COMMON" is that flag, one word, as $COMMON is; bench's second
# --max-num-seqs overrides it.
set -euo pipefail
source "$(dirname "$0")/serve.env"
COMMON="--max-num-seqs=$MAX_NUM_SEQS"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" "$COMMON" ;;
  bench) exec vllm serve "$MODEL" "$COMMON" --max-num-seqs 256 ;; # want "bench passes a second --max-num-seqs 256 that overrides the shared one; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 256 where serve boots with 64"
esac
