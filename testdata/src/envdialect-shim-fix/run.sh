#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/run.env"
exec docker run --rm --env-file "$here/run.env" vllm/vllm-openai:v0.6 \
  --model "$MODEL" \
  --max-num-seqs "$RUN_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$STEP" # want "the script reads STEP, a shim of RUN_MAX_NUM_BATCHED_TOKENS"
