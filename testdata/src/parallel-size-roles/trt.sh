#!/bin/bash
# The same for TensorRT-LLM's context (prefill) and generation (decode)
# servers: ctx's own --pp_size 1 and --ep_size 2 are its shape.
set -eu
. "$(dirname "$0")/pd.env"
case "$1" in
  ctx) trtllm-serve "$PD_MODEL" --backend pytorch --tp_size "$PD_TP" --pp_size 1 --ep_size 2 \
    --server_role CONTEXT --port 8001 ;;
  gen) trtllm-serve "$PD_MODEL" --backend pytorch --tp_size "$PD_TP" --pp_size "$PD_PP_SIZE" \
    --ep_size "$PD_EP_SIZE" --server_role GENERATION --port 8002 ;;
esac
