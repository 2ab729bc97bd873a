#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/env.sh"
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server --model-path "$MODEL_PATH" --max-running-requests "$SGL_MAX_RUNNING_REQUESTS" --mem-fraction-static "$SGL_MEM_FRACTION_STATIC" ;;
  bench) exec python3 -m sglang.launch_server --model-path "$MODEL_PATH" --max-running-requests "$BENCH_MAX_RUNNING_REQUESTS" --mem-fraction-static "$SGL_MEM_FRACTION_STATIC" ;; # want "reads BENCH_MAX_RUNNING_REQUESTS, a shim of SGL_MAX_RUNNING_REQUESTS"
esac
