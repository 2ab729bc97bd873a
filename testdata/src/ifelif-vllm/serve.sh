#!/usr/bin/env bash
# vLLM launcher: if/elif dispatch, --flag=value, env file beside the script.
set -euo pipefail
source "$(dirname "$0")/serve.env"

MODE="${1:-serve}"
common=(--model "$VLLM_MODEL" --tensor-parallel-size "$VLLM_TP" --max-model-len="$VLLM_MAX_MODEL_LEN")

if [[ $MODE == serve ]]; then
  extra=(--max-num-seqs="$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens="$VLLM_MAX_NUM_BATCHED_TOKENS")
elif [[ $MODE == "eval-long" ]]; then
  extra=(--max-num-seqs="$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens=16384) # want "eval-long passes --max-num-batched-tokens 16384; .*serve.env:5 owns it as VLLM_MAX_NUM_BATCHED_TOKENS=4096" "eval-long boots with --max-num-batched-tokens 16384 where serve boots with 4096; scoring.*\(argvdrift\)"
elif [ "$MODE" = bench ]; then
  extra=(--max-num-seqs=64 --max-num-batched-tokens="$VLLM_MAX_NUM_BATCHED_TOKENS") # want "bench passes --max-num-seqs 64; .*serve.env:4 owns it as VLLM_MAX_NUM_SEQS=32" "bench boots with --max-num-seqs 64 where serve boots with 32.*\(argvdrift\)"
else
  echo "usage: $0 serve|eval-long|bench" >&2
  exit 2
fi

exec vllm serve "${common[@]}" "${extra[@]}" --port 8000
