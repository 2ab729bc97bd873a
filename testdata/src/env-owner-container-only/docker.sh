#!/usr/bin/env bash
# serve.env reaches the container (--env-file), not this shell: the flags'
# "$VLLM_MAX_NUM_SEQS" expands to nothing on the host.
set -eo pipefail
cd "$(dirname "$0")"
docker run --rm --gpus all --env-file serve.env vllm/vllm-openai:v0.8.5 \
  --model meta-llama/Llama-3.1-8B-Instruct \
  --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "${VLLM_MAX_NUM_BATCHED_TOKENS:-8192}"
# want@8 "VLLM_MAX_NUM_SEQS is read here, but .*serve.env:1, which defines it, reaches only the commands the script runs"
