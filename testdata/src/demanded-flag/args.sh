#!/usr/bin/env bash
# Through an array or a variable, ${X:?} still feeds the engine's shape:
# a renamed key is missing. A docker -e value demanded of the caller is not.
set -euo pipefail
. "$(dirname "$0")/run.env"
args=(--max-num-seqs "${RUN_MAX_NUM_SEQS:?}") # want "RUN_MAX_NUM_SEQS is read here but no owning env file defines it"
exec docker run --rm -e VLLM_HOST_IP="${VLLM_HOST_IP:?}" vllm/vllm-openai:v0.6.3 --model /m "${args[@]}" --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS"
