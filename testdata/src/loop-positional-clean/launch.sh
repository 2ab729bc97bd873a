#!/usr/bin/env bash
# launch.sh [serve|eval|trace] [--gpus 0,1]: the mode words are listed in
# the option loop (shifted once at its end); eval only adds sampling flags,
# every mode boots the shape node.env owns. Nothing to report.
set -euo pipefail
. "$(dirname "$0")/node.env"
MODE=serve
GPUS=0,1
while (( $# )); do
  case "$1" in
    serve|eval|trace) MODE=$1 ;;
    --gpus) GPUS=$2; shift ;;
    --gpus=*) GPUS=${1#*=} ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done
opts=(--model-path "$SGL_MODEL" --max-running-requests "$SGL_MAX_RUNNING_REQUESTS")
case $MODE in
  eval) opts+=(--disable-radix-cache --random-seed 42) ;;
  trace) export SGLANG_TORCH_PROFILER_DIR=/tmp/sgl-trace ;;
esac
CUDA_VISIBLE_DEVICES=$GPUS exec python3 -m sglang.launch_server "${opts[@]}"
