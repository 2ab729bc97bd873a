#!/usr/bin/env bash
# Launchers: sourced, never run. Each wraps the engine's launch around the
# words its caller hands it.
in_docker() { docker run --gpus all --ipc=host -v "$HF_HOME:/root/.cache/huggingface" vllm/vllm-openai:v0.9.1 "$@"; }
launch_vllm() {
  local port=$1
  shift
  exec vllm serve "$MODEL_PATH" --port "$port" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "$@"
}
