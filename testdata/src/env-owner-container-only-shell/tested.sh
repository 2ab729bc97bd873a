#!/usr/bin/env bash
# Only tested and logged here: the shell still never reads the file.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
ENV_FILE="$here/serve.env"
[[ -f $ENV_FILE ]] || { echo "missing $ENV_FILE" >&2; exit 1; }
docker run --rm --gpus all --env-file "$ENV_FILE" vllm/vllm-openai:v0.8.5 \
  --model m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "${VLLM_MAX_NUM_BATCHED_TOKENS:-8192}"
# want@8 "VLLM_MAX_NUM_SEQS is read here, but .*serve.env:1, which defines it, reaches only the commands the script runs"
