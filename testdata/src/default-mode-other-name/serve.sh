#!/usr/bin/env bash
# serve.sh [prod|eval]
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode=${1:-prod}
args=(serve "$VLLM_MODEL" --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS")
if [[ $mode == eval ]]; then
  args+=(--kv-cache-dtype fp8 --seed 0) # want "eval boots with --kv-cache-dtype fp8 where prod does not pass it"
fi
exec vllm "${args[@]}"
