#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")"
source .venv/bin/activate
. ./serve.env
. ./gpu.conf
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8000 ;;
  dev) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 18000 --enforce-eager ;;
esac
