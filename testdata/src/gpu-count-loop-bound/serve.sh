#!/usr/bin/env bash
# The port is the last of one per GPU nvidia-smi lists, set by a loop
# bounded by the count kept in a variable. The count is not statically
# known in the dry run; the loop runs once, as one bounded by ${#GPUS[@]}
# itself does (a count of 0 left PORT unset, and set -u stopped every mode
# before the engine), and bench is compared with serve.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mapfile -t GPUS < <(nvidia-smi -L)
NGPU=${#GPUS[@]}
for ((i = 0; i < NGPU; i++)); do PORT=$((8000 + i)); done
seqs=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) seqs=64 ;; # want "bench passes --max-num-seqs 64 through the mode-local seqs=64" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
exec vllm serve /models/llama --port "$PORT" --tensor-parallel-size "$NGPU" --max-num-seqs "$seqs" \
  --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
