#!/usr/bin/env bash
# NNODES and NUM_NODES, compared as strings with 1 and defaulted nowhere, may
# be counts as (( NNODES == 1 )) may: NNODES=1 is no mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ $NNODES == 1 ]]; then args+=(--max-num-seqs 16); fi
[ "$NUM_NODES" = 1 ] && args+=(--max-num-seqs 8)
exec vllm serve "$MODEL" "${args[@]}"
