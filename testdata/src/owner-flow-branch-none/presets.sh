#!/usr/bin/env bash
# Per-workload presets, each from the env file: serve's key is not small's
# owner.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests "$MAX_NUM_SEQS" --context-length "$LEN" ;;
  small) exec python3 -m sglang.launch_server --model-path "$MODEL" --port "$PORT" --max-running-requests "$SMALL_SEQS" --context-length "$LEN" ;;
esac
