#!/usr/bin/env bash
# The repository's launcher: the caller picks the model and may size it.
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "${MODEL_PATH:-$MODEL}" --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
