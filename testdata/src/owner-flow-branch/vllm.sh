#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-model-len "$CTX_LEN" --gpu-memory-utilization "$GPU_MEM" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-model-len 4096 --gpu-memory-utilization 0.95 --max-num-seqs "$MAX_NUM_SEQS" ;; # want "bench passes --max-model-len 4096; .*serve.env:3 owns it as CTX_LEN=8192" "bench passes --gpu-memory-utilization 0.95; .*serve.env:4 owns it as GPU_MEM=0.85" "bench boots with --max-model-len 4096 where serve boots with 8192" "bench boots with --gpu-memory-utilization 0.95 where serve boots with 0.85"
esac
