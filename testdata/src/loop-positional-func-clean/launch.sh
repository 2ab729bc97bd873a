#!/usr/bin/env bash
# launch.sh [serve|eval|trace] [--gpus=0,1]: main, handed the script's
# words, reads them in a for loop listing the modes and dispatches on the
# global mode; eval only adds sampling flags, every mode boots the shape
# node.env owns. Nothing to report.
set -euo pipefail
. "$(dirname "$0")/node.env"
mode=serve
main() {
  local gpus=0,1
  for a in "$@"; do
    case $a in
      serve|eval|trace) mode=$a ;;
      --gpus=*) gpus=${a#*=} ;;
      *) echo "unknown argument: $a" >&2; exit 2 ;;
    esac
  done
  local -a opts=(--model-path "$SGL_MODEL" --max-running-requests "$SGL_MAX_RUNNING_REQUESTS")
  case $mode in
    eval) opts+=(--disable-radix-cache --random-seed 42) ;;
    trace) export SGLANG_TORCH_PROFILER_DIR=/tmp/sgl-trace ;;
  esac
  CUDA_VISIBLE_DEVICES=$gpus exec python3 -m sglang.launch_server "${opts[@]}"
}
main "$@"
