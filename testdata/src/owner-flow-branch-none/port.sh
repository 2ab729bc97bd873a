#!/usr/bin/env bash
# A key serve passes to a flag that sizes nothing (--port) owns nothing.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests "$MAX_NUM_SEQS" ;;
  bench) exec python3 -m sglang.launch_server --model-path "$MODEL" --port 8001 --max-running-requests "$MAX_NUM_SEQS" ;;
esac
