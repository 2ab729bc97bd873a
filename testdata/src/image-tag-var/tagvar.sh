#!/usr/bin/env bash
# The image's name is literal, its tag comes from the env file: the
# entrypoint is still vllm's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
IMAGE="vllm/vllm-openai:${VLLM_VERSION}"
case "$1" in
  serve) seqs=$VLLM_MAX_NUM_SEQS ;;
  eval) seqs=8 ;; # want "eval boots with --max-num-seqs 8 where serve boots with 64" "eval passes --max-num-seqs 8"
esac
docker run --rm --gpus all "$IMAGE" --model /m --max-num-seqs "$seqs" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
