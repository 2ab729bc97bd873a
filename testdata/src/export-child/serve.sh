#!/usr/bin/env bash
# v.env is sourced and handed to docker, which refuses "export K=V". The fix
# drops export where the script itself expands the key, but keeps it where
# only a child (the engine) reads the key: dropping it would hide the key.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/v.env"
case "${1:-native}" in
  native) exec vllm serve /m --max-num-seqs "$V_MAX_NUM_SEQS" --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS" ;;
  docker) exec docker run --rm --gpus all --env-file "$here/v.env" vllm/vllm-openai:v0.6.3 --model /m --max-num-seqs "$V_MAX_NUM_SEQS" --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS" ;;
esac
