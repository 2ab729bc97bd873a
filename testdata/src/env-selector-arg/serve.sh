#!/bin/bash
# The mode comes from the environment (MODE=kl ./serve.sh); $1 is an optional
# tensor-parallel size, not the mode.
. "$(dirname "$0")/s.env"
TP=${1:-1}
MODE=${MODE:-serve}
case "$MODE" in
  serve) exec vllm serve /m -tp "$TP" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m -tp "$TP" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
esac
