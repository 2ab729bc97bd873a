#!/usr/bin/env bash
# The default names no proven mode (start): no mode is added.
set -euo pipefail
. "$(dirname "$0")/s.env"
if [[ ${1:-start} == debug ]]; then set -x; fi
exec python3 -m sglang.launch_server --model-path /m --max-running-requests "$SGL_MAX_RUNNING_REQUESTS"
