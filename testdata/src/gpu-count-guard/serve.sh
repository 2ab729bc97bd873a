#!/usr/bin/env bash
# The GPUs are counted from nvidia-smi -L into an array; the script needs
# eight. nvidia-smi does not run in the dry run, so the count is not
# statically known (it is not the one line the dry run's stand-in prints):
# the check is assumed to pass, as on the machine that boots, and bench is
# compared with serve.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mapfile -t GPUS < <(nvidia-smi -L)
NGPU=${#GPUS[@]}
(( NGPU >= 8 )) || { echo "need 8 GPUs, found $NGPU" >&2; exit 1; }
seqs=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) seqs=64 ;; # want "bench passes --max-num-seqs 64 through the mode-local seqs=64" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
exec vllm serve /models/llama --tensor-parallel-size 8 --max-num-seqs "$seqs" \
  --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
