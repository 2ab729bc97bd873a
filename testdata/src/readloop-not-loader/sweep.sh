#!/usr/bin/env bash
# A read loop over a list of models that exports a variable of its own
# (MODEL), not what it reads: models.txt is no env file, and the script has
# no owning env file (nothing to compare, no finding).
set -euo pipefail
MAX_NUM_SEQS=${MAX_NUM_SEQS:-64}
case "${1:-serve}" in
  serve)
    exec vllm serve "${MODEL:-meta-llama/Llama-3-8B}" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 8192 ;;
  kl)
    exec vllm serve "${MODEL:-meta-llama/Llama-3-8B}" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 8192 ;;
  sweep)
    while read -r model; do
      export MODEL="$model"
      "$0" serve &
      sleep 60
      python bench.py --model "$model" --max-num-seqs 256
      kill %1
    done < "$(dirname "$0")/models.txt"
    ;;
esac
