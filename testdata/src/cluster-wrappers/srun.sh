#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:4
# srun's options with a separate value (-w NODE, --gres gpu:4,
# --container-image IMAGE) are skipped, not taken for the program: the
# engine behind them is seen, and bench's own --max-num-seqs is found.
set -euo pipefail
. "$(dirname "$0")/cluster.env"
node=${SLURMD_NODENAME:-gpu01}
case "$1" in
  serve) seqs=$CW_MAX_NUM_SEQS ;;
  bench) seqs=128 ;; # want "bench passes --max-num-seqs 128 through the mode-local seqs=128" "bench boots with --max-num-seqs 128 where serve boots with 32"
  *) exit 2 ;;
esac
srun -w "$node" --overlap --gres gpu:4 --cpus-per-task 16 -l --kill-on-bad-exit \
  --container-image nvcr.io/nvidia/vllm:25.01-py3 --container-mounts /models:/models \
  vllm serve /models/m --max-num-seqs "$seqs" \
  --max-num-batched-tokens "$CW_MAX_NUM_BATCHED_TOKENS"
