#!/bin/bash
# A flag that starts the engine in the background and exits right after
# never reaches the exec below: one engine per mode, no race.
set -euo pipefail
source "$(dirname "$0")/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ ${BACKGROUND:-0} == 1 ]]; then
  args+=(--enforce-eager)
fi
[[ ${BACKGROUND:-0} == 1 ]] && { nohup vllm serve /m "${args[@]}" --max-num-seqs 16 > log 2>&1 & exit 0; } # want "BACKGROUND=1 passes a second --max-num-seqs 16" "BACKGROUND=1 boots with --max-num-seqs 16 where serve boots with 64"
exec vllm serve /m "${args[@]}"
