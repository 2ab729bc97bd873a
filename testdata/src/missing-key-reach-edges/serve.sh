#!/usr/bin/env bash
# The file's keys share vLLM's prefix. vLLM's own variables forwarded
# under their own names (-e VLLM_MARLIN_USE_ATOMIC_ADD, VLLM_HOST_IP) are the
# caller's; a VLLM_ name the argv reads as a value of its own (--model
# "$VLLM_MODEL_PATH", the file has VLLM_MODEL) is a key the file lacks,
# and so is one the engine's environment reads (CUDA_VISIBLE_DEVICES=).
set -euo pipefail
. "$(dirname "$0")/vllm.env"
CUDA_VISIBLE_DEVICES="$VLLM_GPU_LIST" exec docker run --rm --gpus all -e VLLM_MARLIN_USE_ATOMIC_ADD="$VLLM_MARLIN_USE_ATOMIC_ADD" -e VLLM_HOST_IP \
  vllm/vllm-openai:v0.9.2 --model "$VLLM_MODEL_PATH" --host "$VLLM_HOST_IP" \
  --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
# want@9 "VLLM_GPU_LIST is read here but no owning env file defines it"
# want@10 "VLLM_MODEL_PATH is read here but no owning env file defines it"
