#!/usr/bin/env bash
# The CRLF env file reaches bash through sed "s/\r$//": in double quotes
# the backslash of \r stays, so sed deletes the \r as docker does.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a
source <(sed "s/\r$//" "$here/both.env")
set +a
docker run --rm --gpus all --env-file "$here/both.env" vllm/vllm-openai:v0.6.4 \
  --model /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
