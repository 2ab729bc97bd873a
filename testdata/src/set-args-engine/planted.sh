#!/bin/sh
# As clean.sh, but kl appends its own --max-running-requests, a second
# copy that overrides the shared one.
set -e
. "$(dirname "$0")/server.env"
MODE=${MODE:-serve}
set -- python3 -m sglang.launch_server \
  --model-path "$MODEL_PATH" \
  --max-running-requests "$MAX_RUNNING_REQUESTS" \
  --chunked-prefill-size "$CHUNKED_PREFILL_SIZE" \
  "$@"
case "$MODE" in
  serve) ;;
  kl) set -- "$@" --max-running-requests 4 ;; # want "kl passes a second --max-running-requests 4 that overrides the shared one" "kl boots with --max-running-requests 4 where serve boots with 128"
  *) echo "mode?" >&2; exit 2 ;;
esac
exec "$@"
