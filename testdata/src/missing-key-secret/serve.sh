#!/usr/bin/env bash
# HF_TOKEN and VLLM_API_KEY are credentials the caller's environment supplies:
# no committed env file holds them. HF_REVISION shares the file's HF_ prefix
# and is read with no default: a key the env file is missing.
set -eo pipefail
here=$(dirname "$0")
. "$here/serve.env"
docker run --rm --gpus all --ipc=host \
  -v "$HF_HOME":/root/.cache/huggingface \
  -e HF_TOKEN="$HF_TOKEN" -e HF_HUB_ENABLE_HF_TRANSFER="$HF_HUB_ENABLE_HF_TRANSFER" \
  vllm/vllm-openai:v0.8.5 --model meta-llama/Llama-3.1-8B-Instruct --revision "$HF_REVISION" \
  --api-key "$VLLM_API_KEY" \
  --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" # want@11 "HF_REVISION is read here but no owning env file defines it"
