#!/bin/bash
# TensorRT-LLM's --kv_cache_free_gpu_memory_fraction is the card's share
# for the KV cache, as vLLM's --gpu-memory-utilization: kl's own 0.5 is
# its private shape; eval reads the owner (in the --flag=value form).
set -eu
. "$(dirname "$0")/trt.env"
launch() {
  trtllm-serve "$TRT_MODEL" --backend pytorch --tp_size "$TRT_TP_SIZE" \
    --max_batch_size "$TRT_MAX_BATCH_SIZE" "$@"
}
case "$1" in
  serve) launch --kv_cache_free_gpu_memory_fraction "$TRT_KV_CACHE_FREE_GPU_MEMORY_FRACTION" --port 8000 ;;
  kl) launch --kv_cache_free_gpu_memory_fraction 0.5 --port 8001 ;; # want "kl passes --kv_cache_free_gpu_memory_fraction 0.5; .*trt.env:4 owns it as TRT_KV_CACHE_FREE_GPU_MEMORY_FRACTION=0.85" "kl boots with --kv_cache_free_gpu_memory_fraction 0.5 where serve boots with 0.85"
  eval) launch --kv_cache_free_gpu_memory_fraction="$TRT_KV_CACHE_FREE_GPU_MEMORY_FRACTION" --port 8002 ;;
esac
