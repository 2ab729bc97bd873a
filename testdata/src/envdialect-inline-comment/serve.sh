#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
echo "$NCCL_DEBUG $A $B"
docker run --env-file serve.env --gpus all vllm/vllm-openai:v0.8.5 --model m --max-num-seqs "$MAX_NUM_SEQS"
