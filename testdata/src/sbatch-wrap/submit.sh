#!/bin/bash
# sbatch --wrap STRING submits the string as the job's script (run by sh):
# the engine in it was not read, so the modes' own --max-num-seqs went
# unseen (hunt 10, h02). --wrap=STRING is the same option.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) sbatch --gres=gpu:1 --time=04:00:00 -J serve --wrap "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --max-num-batched-tokens $MAX_NUM_BATCHED_TOKENS" ;;
  kl) sbatch --gres=gpu:1 --time=04:00:00 --job-name kl --wrap "vllm serve $MODEL --max-num-seqs 16 --max-num-batched-tokens $MAX_NUM_BATCHED_TOKENS --port 8001" ;; # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16; .*serve.env:2 owns it"
  long) sbatch -p gpu --wrap="vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --max-num-batched-tokens 2048 --port 8002" --gres=gpu:1 ;; # want "long boots with --max-num-batched-tokens 2048 where serve boots with 8192" "long passes --max-num-batched-tokens 2048; .*serve.env:3 owns it"
esac
