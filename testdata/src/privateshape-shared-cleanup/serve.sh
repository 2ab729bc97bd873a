#!/usr/bin/env bash
# Cleanups of the owners on the path every mode shares, each leaving the
# owner's number as it is (a CR or blanks stripped, $((X)) of an integer):
# every mode boots serve.env's numbers, nothing private.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MAX_NUM_SEQS=${MAX_NUM_SEQS%$'\r'}
len="${MAX_MODEL_LEN//[[:space:]]/}"
step=$((MAX_NUM_BATCHED_TOKENS))
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$len" --max-num-batched-tokens "$step" --port 8000 ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$len" --max-num-batched-tokens "$step" --port 8001 ;;
esac
