#!/usr/bin/env bash
# The image's entrypoint is the engine (vllm/vllm-openai): the dry-run argv
# starts at the image, and is still compared.
set -euo pipefail
HERE=$(dirname "$0")
. "$HERE/v.env"
MODE=$1
case $MODE in
  serve) ;;
  eval) V_MAX_NUM_SEQS=16 ;; # want "eval re-assigns the owner V_MAX_NUM_SEQS=16" "eval boots with --max-num-seqs 16 where serve boots with 64; scoring numbers"
esac
exec docker run --rm --gpus all --ipc=host -p 8000:8000 \
  vllm/vllm-openai:v0.6.3 \
  --model "$V_MODEL" \
  --max-num-seqs "$V_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS"
