#!/usr/bin/env bash
# The same, with the file also sourced: the shell has the keys.
set -eo pipefail
cd "$(dirname "$0")"
. ./serve.env
docker run --rm --gpus all --env-file serve.env vllm/vllm-openai:v0.8.5 \
  --model meta-llama/Llama-3.1-8B-Instruct \
  --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
