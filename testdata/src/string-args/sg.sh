#!/bin/sh
# The whole command line in a string, the engine included: bench's second
# copy of the seats is found and deleted.
. "$(dirname "$0")/sg.env"
CMD="python3 -m sglang.launch_server --model-path /m --max-running-requests $SG_MAX_RUNNING_REQUESTS"
case "$1" in
  serve) CMD="$CMD --port 30000" ;;
  bench) CMD="$CMD --port 30001 --max-running-requests 512" ;; # want "bench passes a second --max-running-requests 512 that overrides the shared one" "bench boots with --max-running-requests 512 where serve boots with 64"
esac
exec $CMD
