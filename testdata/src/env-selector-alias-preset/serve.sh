#!/bin/bash
# model=${MODEL_NAME:-llama}: a case on it picks a model, each sized by its
# own keys, not a mode (no arm names serve): presets are not compared.
set -euo pipefail
source "$(dirname "$0")/serve.env"
model=${MODEL_NAME:-llama}
case $model in
  llama) exec vllm serve /models/llama --max-num-seqs "$LLAMA_MAX_NUM_SEQS" --max-num-batched-tokens "$LLAMA_MAX_NUM_BATCHED_TOKENS" ;;
  qwen) exec vllm serve /models/qwen --max-num-seqs "$QWEN_MAX_NUM_SEQS" --max-num-batched-tokens "$QWEN_MAX_NUM_BATCHED_TOKENS" ;;
  *) exit 2 ;;
esac
