#!/usr/bin/env bash
# launch.sh [serve|eval|trace] [--gpus=0,1]: a for loop (no list: the
# script's words) lists the modes; eval only adds sampling flags, every
# mode boots the shape node.env owns. Nothing to report.
set -euo pipefail
. "$(dirname "$0")/node.env"
MODE=serve
GPUS=0,1
for arg; do
  case "$arg" in
    serve|eval|trace) MODE="$arg" ;;
    --gpus=*) GPUS=${arg#*=} ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done
opts=(--model-path "$SGL_MODEL" --max-running-requests "$SGL_MAX_RUNNING_REQUESTS")
case $MODE in
  eval) opts+=(--disable-radix-cache --random-seed 42) ;;
  trace) export SGLANG_TORCH_PROFILER_DIR=/tmp/sgl-trace ;;
esac
CUDA_VISIBLE_DEVICES=$GPUS exec python3 -m sglang.launch_server "${opts[@]}"
