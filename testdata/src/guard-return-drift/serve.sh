#!/usr/bin/env bash
# launch() returns early when docker ps lists a container of the same
# name, or when fewer GPUs than the tensor-parallel size answer nvidia-smi.
# Neither command runs in the dry run: each check is assumed to pass, as
# on the machine that boots, and bench's argv is compared with serve's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
TP=2
launch() {
  local name=vllm-$1
  if docker ps --format '{{.Names}}' | grep -qx "$name"; then
    echo "$name already running"
    return 0
  fi
  (( $(nvidia-smi -L | wc -l) >= TP )) || return 1
  docker run -d --name "$name" --gpus all vllm/vllm-openai:v0.6.4 --model /models/llama \
    --tensor-parallel-size "$TP" --max-num-seqs "$seqs" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
}
case "${1:-serve}" in
  serve) launch serve ;;
  bench) seqs=64; launch bench ;; # want "bench passes --max-num-seqs 64 through the mode-local seqs=64" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
