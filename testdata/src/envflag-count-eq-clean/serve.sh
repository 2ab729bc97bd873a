#!/usr/bin/env bash
# Counts compared with 1, defaulted to 1 or not at all: no mode of their own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${NNODES:-1} -eq 1 ]] && args+=(--max-num-seqs 16)
[[ $NUM_GPUS -eq 1 ]] && args+=(--max-num-batched-tokens 2048)
exec vllm serve "$MODEL" "${args[@]}"
