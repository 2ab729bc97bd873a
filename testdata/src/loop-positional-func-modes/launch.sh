#!/usr/bin/env bash
# launch.sh [serve|eval|trace] [--port N]: parse_args, handed the script's
# words, lists the modes in its option loop and sets the global MODE;
# serve is the default and takes the shared path. eval's own
# --max-running-requests is found against serve.
set -euo pipefail
. "$(dirname "$0")/node.env"
MODE=serve
PORT=30000
parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      serve|eval|trace) MODE=$1; shift ;;
      --port) PORT=$2; shift 2 ;;
      *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
  done
}
parse_args "$@"
opts=(--model-path "$SGL_MODEL" --max-running-requests "$SGL_MAX_RUNNING_REQUESTS" --port "$PORT")
case $MODE in
  eval) opts+=(--random-seed 42 --max-running-requests 8) ;; # want "eval passes a second --max-running-requests 8" "eval boots with --max-running-requests 8 where serve boots with 256"
  trace) export SGLANG_TORCH_PROFILER_DIR=/tmp/sgl-trace ;;
esac
exec python3 -m sglang.launch_server "${opts[@]}"
