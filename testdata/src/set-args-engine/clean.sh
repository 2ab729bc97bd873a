#!/bin/sh
# A container entrypoint builds the engine's argv in the positional
# parameters (set -- python3 -m sglang.launch_server … "$@") and runs it
# with exec "$@": the engine is seen in the set -- words. kl only adds a
# per-mode flag.
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
  kl) set -- "$@" --random-seed 0 ;;
  *) echo "mode?" >&2; exit 2 ;;
esac
exec "$@"
