#!/usr/bin/env bash
# The engine's interpreter is the venv's: "$VENV/bin/python" is a python
# whatever VENV holds, and -m names the engine.
set -euo pipefail
. "$(dirname "$0")/serve.env"
VENV=${VENV:-/opt/venv}
case "${1:-serve}" in
  serve) exec "$VENV/bin/python" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec "$VENV/bin/python" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs 512 ;; # want "bench passes --max-num-seqs 512; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 512 where serve boots with 64"
esac
