#!/usr/bin/env bash
# A variable whose value is used holds data, not a switch.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ $SEQS ]] && args+=(--max-num-seqs "$SEQS")
(( ${TP:-0} )) && args+=(--tensor-parallel-size "$TP")
exec vllm serve "$MODEL" "${args[@]}"
