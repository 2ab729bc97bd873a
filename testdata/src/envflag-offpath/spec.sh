#!/bin/bash
# The off path holds the owner's value, the on path a number of its own.
set -euo pipefail
source "$(dirname "$0")/serve.env"
args=()
[[ ${USE_SPEC:-0} == 1 ]] && args+=(--speculative-model /draft --max-num-seqs 32) # want "USE_SPEC=1 passes --max-num-seqs 32" "USE_SPEC=1 boots with --max-num-seqs 32 where serve boots with 64"
[[ ${USE_SPEC:-0} == 1 ]] || args+=(--max-num-seqs "$MAX_NUM_SEQS")
exec vllm serve /m "${args[@]}"
