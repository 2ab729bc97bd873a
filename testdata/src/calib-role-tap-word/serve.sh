#!/bin/bash
# serve.sh [serve|dataparallel|win-tap]: dataparallel has tap inside
# another word and is no calibration tap, yet *tap* gave it the calib role
# and its step was judged by a document's length (calibstep). win-tap, tap
# a word of its name, still is one.
set -euo pipefail
source "$(dirname "$0")/serve.env"
args=(serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
case ${1:-serve} in
  serve) args+=(--max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --tensor-parallel-size 2) ;;
  dataparallel) args+=(--max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --data-parallel-size 2) ;;
  win-tap) args+=(--max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS") ;; # want "win-tap steps 8192 tokens at a time"
  *) exit 2 ;;
esac
exec vllm "${args[@]}"
