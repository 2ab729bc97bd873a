#!/usr/bin/env bash
# Another: each KEY=VALUE word of the file exported in a loop.
set -euo pipefail
cd "$(dirname "$0")"
ENV_FILE=serve.env
for kv in $(grep -v '^#' "$ENV_FILE"); do export "$kv"; done
docker run --rm --gpus all --env-file "$ENV_FILE" vllm/vllm-openai:v0.8.5 \
  --model m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
