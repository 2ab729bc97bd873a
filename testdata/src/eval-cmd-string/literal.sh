#!/bin/bash
# eval with the engine's words written out runs them as they are.
set -e
. "$(dirname "$0")/s.env"
case "${1:-serve}" in
  serve) eval vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  bench) eval vllm serve "$MODEL" --max-num-seqs 128 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;; # want "bench passes --max-num-seqs 128" "bench boots with --max-num-seqs 128 where serve boots with 64"
esac
