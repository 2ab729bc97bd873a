#!/usr/bin/env bash
# launch.sh [serve|eval|trace] [--port=N]: a for loop over the words lists
# the modes; serve is the default and takes the shared path, eval adds its
# own flags. eval's own --max-running-requests is found against serve.
set -euo pipefail
. "$(dirname "$0")/node.env"
MODE=serve
PORT=30000
for a in "$@"; do
  case $a in
    serve|eval|trace) MODE=$a ;;
    --port=*) PORT=${a#*=} ;;
    *) echo "unknown argument: $a" >&2; exit 2 ;;
  esac
done
opts=(--model-path "$SGL_MODEL" --max-running-requests "$SGL_MAX_RUNNING_REQUESTS" --port "$PORT")
case $MODE in
  eval) opts+=(--random-seed 42 --max-running-requests 8) ;; # want "eval passes a second --max-running-requests 8" "eval boots with --max-running-requests 8 where serve boots with 256"
  trace) export SGLANG_TORCH_PROFILER_DIR=/tmp/sgl-trace ;;
esac
exec python3 -m sglang.launch_server "${opts[@]}"
