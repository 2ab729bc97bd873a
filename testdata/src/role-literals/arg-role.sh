#!/bin/bash
# The same roles from $1, with a shared argv each role appends to.
set -e
. "$(dirname "$0")/pd.env"
args=(vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
case "${1:-serve}" in
  serve) args+=(--max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS") ;;
  prefill) args+=(--max-num-batched-tokens 32768 --max-num-seqs 8) ;;
  decode) seqs=512; args+=(--max-num-batched-tokens "$MAX_NUM_SEQS" --max-num-seqs "$seqs") ;; # want "decode passes --max-num-batched-tokens \"\$MAX_NUM_SEQS\" from MAX_NUM_SEQS=128 .*, not from its owner"
esac
exec "${args[@]}"
