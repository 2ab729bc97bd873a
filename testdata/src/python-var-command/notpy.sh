#!/usr/bin/env bash
# Variable command words that are no python: a launcher of the team's own
# (-m is its option, not python's), a tool found on PATH, a venv's pytest.
# Nothing says they boot an engine.
set -euo pipefail
. "$(dirname "$0")/serve.env"
BIN=${BIN:-/opt/bin/launcher}
TOOL=$(command -v mytool)
VENV=${VENV:-/opt/venv}
case "${1:-serve}" in
  serve) exec "$BIN" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec "$BIN" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs 512 ;;
  tool) exec "$TOOL" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs 512 ;;
  test) exec "$VENV/bin/pytest" -m vllm.entrypoints.openai.api_server --max-num-seqs 512 ;;
  warm) exec "$VENV/bin/python" tools/warmup.py --max-num-seqs 512 ;;
esac
