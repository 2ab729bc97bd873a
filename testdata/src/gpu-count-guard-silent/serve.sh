#!/usr/bin/env bash
# The tensor-parallel size is the number of GPUs nvidia-smi lists, split
# into an array; a check refuses fewer than two. The count is not
# statically known in the dry run: the check is assumed to pass, both modes
# boot the same shape, and the size is said unknown in both. Nothing to say.
set -euo pipefail
. "$(dirname "$0")/serve.env"
GPUS=($(nvidia-smi --query-gpu=index --format=csv,noheader))
TP=${#GPUS[@]}
if (( TP < 2 )); then
  echo "need at least 2 GPUs, found $TP" >&2
  exit 1
fi
case "${1:-serve}" in
  serve) PORT=8000 ;;
  kl) PORT=8001 ;;
esac
exec vllm serve /models/llama --port "$PORT" --tensor-parallel-size "$TP" \
  --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
