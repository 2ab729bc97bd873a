#!/usr/bin/env bash
# The model written --model=VALUE: big serves the teacher, another model,
# and is its own (neither argvdrift nor privateshape); small names another
# model as a literal; same serves serve's and is compared.
set -euo pipefail
. "$(dirname "$0")/vllm.env"
case "${1:-serve}" in
  serve) exec vllm serve --model="$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  big) exec vllm serve --model="$TEACHER" --max-num-seqs 16 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  small) exec vllm serve --model=Qwen/Qwen2.5-0.5B-Instruct --max-num-seqs 256 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  same) exec vllm serve --model="$MODEL" --max-num-seqs 128 --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;; # want "same boots with --max-num-seqs 128 where serve boots with 64" "same passes --max-num-seqs 128"
  *) exit 2 ;;
esac
