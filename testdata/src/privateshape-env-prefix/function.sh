#!/usr/bin/env bash
# A prefix assignment on a function's call is exported for the call: the
# launcher the function runs reads bench's own value. Deleted, the launcher
# inherits the owner's (the file is sourced under set -a).
set -euo pipefail
set -a; . "$(dirname "$0")/tgi.env"; set +a
launch() { text-generation-launcher --model-id "$MODEL_ID" --port "$1"; }
case "${1:-serve}" in
  serve) launch 8080 ;;
  bench) MAX_CONCURRENT_REQUESTS=256 launch 8081 ;; # want "bench re-assigns the owner MAX_CONCURRENT_REQUESTS=256"
esac
