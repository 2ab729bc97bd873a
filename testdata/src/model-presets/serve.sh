#!/usr/bin/env bash
# One env file, one set of keys per model: presets by design, not aliases of
# the first model's keys and not drift from it.
set -euo pipefail
. "$(dirname "$0")/models.env"
case "${1:?llama|qwen}" in
  llama) exec vllm serve "$LLAMA_MODEL" --tensor-parallel-size "$LLAMA_TP" --max-num-seqs "$LLAMA_MAX_NUM_SEQS" --max-num-batched-tokens "$LLAMA_MAX_NUM_BATCHED_TOKENS" ;;
  qwen)  exec vllm serve "$QWEN_MODEL" --tensor-parallel-size "$QWEN_TP" --max-num-seqs "$QWEN_MAX_NUM_SEQS" --max-num-batched-tokens "$QWEN_MAX_NUM_BATCHED_TOKENS" ;;
esac
