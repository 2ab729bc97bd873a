#!/usr/bin/env bash
# The first mode stands in as the proven one, and llama8b-long serves its
# model too: its own seats are a drift from the defaults that mode boots
# with, still reported.
set -euo pipefail
. "$(dirname "$0")/bench.env"
case "${1:?model key}" in
  llama8b)      model=meta-llama/Llama-3.1-8B-Instruct; seqs=256 ;; # want "llama8b passes --max-num-seqs 256 through the mode-local seqs=256"
  llama8b-long) model=meta-llama/Llama-3.1-8B-Instruct; seqs=$MAX_NUM_SEQS ;; # want "llama8b-long boots with --max-num-seqs 64 where llama8b boots with 256"
  qwen32b)      model=Qwen/Qwen2.5-32B-Instruct; seqs=$MAX_NUM_SEQS ;;
esac
exec vllm serve "$model" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN" --port "$PORT"
