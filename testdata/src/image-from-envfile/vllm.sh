#!/usr/bin/env bash
# The image is the env file's (VLLM_IMAGE=vllm/vllm-openai:v0.9.1): read
# as the dry run reads it, the modes and their engine calls are seen.
source "$(dirname "$0")/vllm.env"
ARGS=(--model m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-model-len "$VLLM_MAX_MODEL_LEN")
case "${1:-}" in
  serve) docker run -d "$VLLM_IMAGE" "${ARGS[@]}" ;;
  smoke) docker run -d "$VLLM_IMAGE" "${ARGS[@]}" --max-model-len 4096 ;;
  stop) docker rm -f vllm ;;
esac
# want@8 "smoke passes a second --max-model-len 4096 that overrides the shared one" "smoke boots with --max-model-len 4096 where serve boots with 32768"
