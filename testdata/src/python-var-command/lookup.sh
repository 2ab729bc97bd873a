#!/usr/bin/env bash
# The interpreter found on PATH: $(command -v python3 || command -v python).
set -euo pipefail
. "$(dirname "$0")/serve.env"
PY=$(command -v python3 2>/dev/null || command -v python)
case "${1:-serve}" in
  serve) exec "$PY" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec "$PY" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs 512 ;; # want "bench passes --max-num-seqs 512; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 512 where serve boots with 64"
esac
