#!/usr/bin/env bash
# No serve mode: the first mode only stands in for the proven one, and its
# branch's key owns nothing.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-}" in
  long) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests "$MAX_NUM_SEQS" --context-length "$LEN" ;;
  short) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests 256 --context-length "$LEN" ;;
esac
