#!/usr/bin/env bash
# The launcher every mode runs: the owner's numbers, then the caller's words.
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve /models/llama --max-num-seqs "$MAX_NUM_SEQS" \
  --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "$@"
