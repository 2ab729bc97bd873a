#!/usr/bin/env bash
# Only bench passes the key: serve's literal is its own shape, and the key
# owns nothing.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests 128 ;;
  bench) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests "$MAX_NUM_SEQS" ;;
esac
