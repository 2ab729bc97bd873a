#!/usr/bin/env bash
set -euo pipefail
. ./serve.env
echo "$PYTHONPATH $EXTRA_ARGS"
docker run --rm --gpus all --env-file ./serve.env vllm/vllm-openai:v0.8.5 --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
