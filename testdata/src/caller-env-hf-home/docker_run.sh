#!/bin/bash
# HF_HOME and CUDA_VISIBLE_DEVICES are the caller's (shell profile, scheduler),
# though the .env holds other HF_ and CUDA_ keys: no key the file is missing.
# HF_REVISION is no such variable: the file is missing it.
source .env
echo "Using GPUs: $CUDA_VISIBLE_DEVICES"
docker run --gpus all --ipc=host -p 8000:8000 \
  -v "$HF_HOME:/root/.cache/huggingface" \
  -e HF_TOKEN="$HF_TOKEN" \
  -e HF_HUB_ENABLE_HF_TRANSFER="$HF_HUB_ENABLE_HF_TRANSFER" \
  -e CUDA_DEVICE_ORDER="$CUDA_DEVICE_ORDER" -e CUDA_LAUNCH_BLOCKING="$CUDA_LAUNCH_BLOCKING" \
  -e CUDA_VISIBLE_DEVICES="$CUDA_VISIBLE_DEVICES" \
  vllm/vllm-openai:latest --model "$MODEL" --revision "$HF_REVISION" # want "HF_REVISION is read here but no owning env file defines it"
