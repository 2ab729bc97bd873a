#!/usr/bin/env bash
# A string holding one flag, shared; each mode's step is one word, the
# owner's. Nothing is a mode's own.
set -euo pipefail
source "$(dirname "$0")/serve.env"
COMMON="--max-num-seqs=$MAX_NUM_SEQS"
case "${1:-serve}" in
  serve) step=$MAX_NUM_SEQS ;;
  kl) step=$MAX_NUM_SEQS ;;
esac
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" $COMMON --max-num-batched-tokens $step ;;
  kl) exec vllm serve "$MODEL" $COMMON --max-num-batched-tokens $step --seed 1 ;;
esac
