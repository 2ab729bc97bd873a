#!/usr/bin/env bash
# serve passes arithmetic on the key, not the key's value: it owns nothing
# by flow.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests "$((MAX_NUM_SEQS * 2))" --context-length "$LEN" ;;
  bench) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests 512 --context-length "$LEN" ;;
esac
