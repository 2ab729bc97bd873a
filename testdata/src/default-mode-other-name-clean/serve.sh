#!/usr/bin/env bash
# serve.sh [base|lora|eval] — same shape everywhere, lora adds adapters.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/serve.env"
mode=${1:-base}
args=(serve "$VLLM_MODEL"
      --max-num-seqs "$VLLM_MAX_NUM_SEQS"
      --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
      --max-model-len "$VLLM_MAX_MODEL_LEN"
      --port "$VLLM_PORT")
if [[ $mode == lora ]]; then
  args+=(--enable-lora --max-lora-rank 64 --lora-modules "sql=$LORA_DIR/sql" "chat=$LORA_DIR/chat")
elif [[ $mode == eval ]]; then
  args+=(--seed 0 --disable-log-requests)
fi
exec vllm "${args[@]}"
