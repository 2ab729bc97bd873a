#!/bin/sh
# Entrypoint: with no args or with flags, run the server; otherwise run the given command.
set -e
if [ -f /config/server.env ]; then
  set -a
  . /config/server.env
  set +a
fi
if [ "$#" -eq 0 ] || [ "${1#-}" != "$1" ]; then
  set -- python3 -m sglang.launch_server \
    --model-path "${MODEL_PATH:-/models/default}" \
    --host 0.0.0.0 --port "${PORT:-30000}" \
    --tp "${TP:-1}" \
    --max-running-requests "${MAX_RUNNING_REQUESTS:-128}" \
    --chunked-prefill-size "${CHUNKED_PREFILL_SIZE:-8192}" \
    "$@"
fi
exec "$@"
