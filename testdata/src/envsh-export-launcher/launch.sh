#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/env.sh"
exec python3 -m sglang.launch_server --model-path "$SGL_MODEL_PATH" --max-running-requests "$SGL_MAX_RUNNING_REQUESTS"
