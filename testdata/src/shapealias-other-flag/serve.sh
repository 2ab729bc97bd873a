#!/usr/bin/env bash
# The step's key is set from the window's key: a number of its own flag,
# not an alias of --max-model-len.
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve /m --max-model-len "$VLLM_MAX_MODEL_LEN" --max-num-seqs "$VLLM_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" --no-enable-chunked-prefill
