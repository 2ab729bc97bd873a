#!/usr/bin/env bash
# serve.env sets USE_FP8=1: the first arm runs in every run, and FAST's
# elif never does. FAST=1 is no mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ $USE_FP8 == 1 ]]; then
  args+=(--quantization fp8)
elif [[ ${FAST:-0} == 1 ]]; then
  args+=(--max-num-seqs 16)
fi
exec vllm serve "$MODEL" "${args[@]}"
