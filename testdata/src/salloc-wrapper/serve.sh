#!/bin/bash
# salloc runs its command in a new allocation: the engine behind it is the
# mode's (it was not seen, and kl's private seats went unreported).
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec salloc -N1 --gres=gpu:1 --time=04:00:00 srun vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec salloc -N 1 --gres=gpu:1 srun vllm serve "$MODEL" --max-num-seqs 16 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8001 ;; # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16"
esac
