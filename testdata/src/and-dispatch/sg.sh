#!/usr/bin/env bash
# A mode's code after &&, and a guard naming the modes that take the shared
# path: serve is the proven mode, bench's own count differs from it.
set -euo pipefail
here=$(dirname "$0")
. "$here/sg.env"
mode=$1
reqs=$SG_MAX_RUNNING_REQUESTS
[[ $mode == bench ]] && reqs=512 # want "bench boots with --max-running-requests 512 where serve boots with 128" "bench passes --max-running-requests 512 through the mode-local reqs=512"
[[ $mode == serve || $mode == score || $mode == bench ]] || { echo "bad mode" >&2; exit 2; }
exec python3 -m sglang.launch_server --model-path /m \
  --max-running-requests "$reqs" --chunked-prefill-size "$SG_CHUNKED_PREFILL_SIZE"
