#!/usr/bin/env bash
# A loader servelint does not model reads serve.env into the shell.
set -euo pipefail
cd "$(dirname "$0")"
source /dev/stdin <<<"$(grep -v '^#' serve.env)"
docker run --rm --gpus all --env-file serve.env vllm/vllm-openai:v0.8.5 \
  --model m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
