#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/env.sh"
exec python3 -m sglang.launch_server --model-path "$MODEL_PATH" --max-running-requests "$SGL_MAX_RUNNING_REQUESTS" --mem-fraction-static "$SGL_MEM_FRACTION_STATIC"
