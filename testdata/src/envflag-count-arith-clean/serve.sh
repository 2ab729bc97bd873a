#!/usr/bin/env bash
# NNODES, with no default of 0, compared with 1 is a count: NNODES=1 is no mode of its own, as [[ ${NUM_GPUS:-8} == 1 ]] is none.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if (( NNODES == 1 )); then args+=(--max-num-seqs 16); fi
exec vllm serve "$MODEL" "${args[@]}"
