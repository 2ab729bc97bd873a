#!/usr/bin/env bash
# Shared expressions that change the owner's number ($((X / 2)), a char
# cut off, ${X@Q}, which quotes it), and a cleanup a mode writes itself (a
# mode-local copy), stay findings.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$((MAX_NUM_SEQS / 2))
len=${MAX_MODEL_LEN%?}
gmu=${GPU_MEMORY_UTILIZATION@Q}
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-model-len "$len" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --gpu-memory-utilization "$gmu" --port 8000 ;; # want "serve passes --max-num-seqs" "serve passes --max-model-len" "serve passes --gpu-memory-utilization"
  bench)
    step=${MAX_NUM_BATCHED_TOKENS%$'\r'}
    exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-model-len "$len" --max-num-batched-tokens "$step" --gpu-memory-utilization "$gmu" --port 8001 ;; # want "bench passes --max-num-seqs" "bench passes --max-model-len" "bench passes --max-num-batched-tokens" "bench passes --gpu-memory-utilization"
esac
