#!/bin/sh
# A POSIX sh -c with a single-quoted string: the inner shell reads it as
# written. bench's literal is found; the owner's "$MAX_RUNNING_REQUESTS" written
# inside single quotes would not be the outer shell's: no fix.
set -eu
. "$(dirname "$0")/s.env"
export MAX_RUNNING_REQUESTS
case "${1:-serve}" in
  serve) srun --nodes=1 --ntasks=1 sh -c 'python3 -m sglang.launch_server --model-path /m --max-running-requests "$MAX_RUNNING_REQUESTS"' ;;
  bench) sh -c 'python3 -m sglang.launch_server --model-path /m --max-running-requests 64' ;; # want "bench boots with --max-running-requests 64 where serve boots with 16" "bench passes --max-running-requests 64"
esac
