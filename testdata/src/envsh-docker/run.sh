#!/usr/bin/env bash
. "$(dirname "$0")/env.sh"
exec docker run --env-file "$(dirname "$0")/env.sh" vllm/vllm-openai --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
