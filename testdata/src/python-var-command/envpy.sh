#!/usr/bin/env bash
# PYTHON=python3 in the env file.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec "$PYTHON" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec "$PYTHON" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs 512 ;; # want "bench passes --max-num-seqs 512; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 512 where serve boots with 64"
esac
