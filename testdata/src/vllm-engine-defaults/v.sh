#!/usr/bin/env bash
# kl writes out vLLM's defaults (--kv-cache-dtype auto, -tp 1,
# --gpu-memory-utilization 0.9) that serve leaves out: the same shape. kl-fp8
# halves the KV cache's bytes: another shape.
set -euo pipefail
. "$(dirname "$0")/v.env"
args=(serve /m --max-num-seqs "$V_MAX_NUM_SEQS" --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS")
case "$1" in
  serve) ;;
  kl) args+=(--kv-cache-dtype auto -tp 1 --gpu-memory-utilization 0.9) ;;
  kl-fp8) args+=(--kv-cache-dtype fp8) ;; # want "kl-fp8 boots with --kv-cache-dtype fp8 where serve does not pass it"
esac
exec vllm "${args[@]}"
