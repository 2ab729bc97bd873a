#!/usr/bin/env bash
# One key sizes two flags in serve: which one it owns is not one answer.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --port "$PORT" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$LEN" --max-num-batched-tokens "$LEN" ;;
  bench) exec vllm serve "$MODEL" --port "$PORT" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len 4096 --max-num-batched-tokens 4096 ;;
esac
