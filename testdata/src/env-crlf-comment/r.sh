#!/bin/bash
. "$(dirname "$0")/s.env"
echo "$A $B"
docker run --env-file "$(dirname "$0")/s.env" vllm/vllm-openai:v0.8.5 --max-num-seqs "$VLLM_MAX_NUM_SEQS"
