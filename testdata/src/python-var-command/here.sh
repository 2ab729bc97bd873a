#!/usr/bin/env bash
# The repo's own venv, next to the script, through a variable assigned once.
set -euo pipefail
. "$(dirname "$0")/serve.env"
PY="$(dirname "$0")/.venv/bin/python3.11"
case "${1:-serve}" in
  serve) exec "$PY" -m sglang.launch_server --model-path "$MODEL" --max-running-requests "$MAX_NUM_SEQS" ;;
  bench) exec "$PY" -m sglang.launch_server --model-path "$MODEL" --max-running-requests 512 ;; # want "bench passes --max-running-requests 512; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with --max-running-requests 512 where serve boots with 64"
esac
