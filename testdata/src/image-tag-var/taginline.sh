#!/usr/bin/env bash
# The tag alone in a variable with a default, in the launch line.
set -euo pipefail
. "$(dirname "$0")/serve.env"
TAG=${TAG:-latest}
case "$1" in
  serve) seqs=$VLLM_MAX_NUM_SEQS ;;
  eval) seqs=8 ;; # want "eval boots with --max-num-seqs 8 where serve boots with 64" "eval passes --max-num-seqs 8"
esac
docker run --rm --gpus all vllm/vllm-openai:"$TAG" --model /m --max-num-seqs "$seqs" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
