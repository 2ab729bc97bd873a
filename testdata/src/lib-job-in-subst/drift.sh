#!/usr/bin/env bash
# The same launcher; eval's own seats are reported by the dry run too.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib/common.sh"
. "$here/workers.env"
n=$MAX_RUNNING_REQUESTS
case "${1:-serve}" in
  serve) ;;
  eval) n=$(( MAX_RUNNING_REQUESTS * 2 )) ;; # want "eval boots with --max-running-requests 128 where serve boots with 64" "arithmetic on its owner"
  *) exit 2 ;;
esac
pid=$(launch_worker 31000 --max-running-requests "$n" --chunked-prefill-size "$CHUNKED_PREFILL_SIZE")
echo "$pid" >/tmp/worker.pid
