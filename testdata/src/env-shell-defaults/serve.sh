#!/usr/bin/env bash
# serve.env is a shell file of defaults, sourced only: bash defines the keys
# set by ${K:=v} and inside an if, though no line is a plain assignment of
# them. A key set only in a subshell, a function never called or the
# background is still missing.
set -euo pipefail
source "$(dirname "$0")/serve.env"
exec vllm serve "$VLLM_MODEL" \
  --max-num-seqs "$VLLM_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" \
  --max-model-len "$VLLM_MAX_MODEL_LEN" \
  --tensor-parallel-size "$VLLM_TP_SIZE" \
  --gpu-memory-utilization "$VLLM_GPU_UTIL" \
  --port "$VLLM_SERVE_PORT" # want "VLLM_SERVE_PORT is read here but no owning env file defines it"
