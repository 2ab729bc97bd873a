#!/usr/bin/env bash
# Only bench is tested; run with no word the script is serve (the default of
# its selector), which takes the shared path: bench is compared with it.
set -euo pipefail
. "$(dirname "$0")/s.env"
cmd=(python3 -m sglang.launch_server --model-path /m --max-running-requests "$SGL_MAX_RUNNING_REQUESTS")
if [[ ${1:-serve} == bench ]]; then cmd+=(--max-running-requests 512); fi # want "bench passes a second --max-running-requests 512 that overrides the shared one" "bench boots with --max-running-requests 512 where serve boots with 64"
exec "${cmd[@]}"
