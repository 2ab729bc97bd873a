#!/usr/bin/env bash
# The library's launcher starts the engine in the background and prints $!;
# called in a command substitution to keep the pid, its job was never joined
# and every mode was "could not be evaluated".
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib/common.sh"
. "$here/workers.env"
extra=()
case "${1:-serve}" in
  serve) ;;
  eval) extra=(--random-seed 0) ;;
  *) exit 2 ;;
esac
pid=$(launch_worker 31000 --max-running-requests "$MAX_RUNNING_REQUESTS" \
  --chunked-prefill-size "$CHUNKED_PREFILL_SIZE" "${extra[@]}")
echo "$pid" >/tmp/worker.pid
