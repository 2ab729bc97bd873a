#!/usr/bin/env bash
# The library it sources sources serve.env: the shell has the keys the
# container gets from --env-file.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib/common.sh"
docker run --rm --gpus all --env-file "$here/serve.env" vllm/vllm-openai:v0.8.5 \
  --model m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
