#!/bin/bash
# The modes' jobs differ only in --port and the job's name: nothing to
# report (hunt 10, h02). A --wrap whose job gets another environment
# (--export=NONE), or given with a batch script (sbatch refuses it), is
# not read as the engine's launch.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) sbatch --gres=gpu:1 --time=04:00:00 --job-name=serve --wrap "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --max-num-batched-tokens $MAX_NUM_BATCHED_TOKENS" ;;
  kl) sbatch --gres=gpu:1 --time=04:00:00 --job-name=kl --wrap "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --max-num-batched-tokens $MAX_NUM_BATCHED_TOKENS --port 8001" ;;
  salloc) exec salloc -N1 --gres=gpu:1 srun vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  bare) sbatch --export=NONE --wrap 'vllm serve m --max-num-seqs 1 --max-num-batched-tokens 512' ;;
  both) sbatch --comment --wrap --wrap "vllm serve m --max-num-seqs 2 --max-num-batched-tokens 512" job.sh ;;
esac
