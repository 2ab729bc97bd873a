#!/usr/bin/env bash
# serve.env only defaults USE_FP8 (USE_FP8=${USE_FP8:-0}): the caller's
# setting still wins, so USE_FP8=1 is a mode of its own.
set -euo pipefail
. "$(dirname "$0")/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
if [[ $USE_FP8 == 1 ]]; then args+=(--quantization fp8 --max-num-seqs 128); fi # want "USE_FP8=1 passes a second --max-num-seqs 128" "USE_FP8=1 boots with --max-num-seqs 128 where serve boots with 64"
exec vllm serve "$MODEL" "${args[@]}"
