#!/usr/bin/env bash
# serve.env sets FAST and defaults EAGER on: the proven mode runs both branches, neither is a mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${FAST:-0} -eq 1 ]] && args+=(--max-num-seqs 8)
(( ${EAGER:-0} )) && args+=(--max-num-seqs 4)
exec vllm serve "$MODEL" "${args[@]}"
