#!/usr/bin/env bash
# The mode's function, defined in a sourced library, is run by a name
# built from the first word; no mode has a seat count of its own.
set -euo pipefail
source "$(dirname "$0")/lib/modes.sh"
source "$(dirname "$0")/serve.env"
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
"mode_${1:-serve}"
exec vllm serve "${args[@]}" "${EXTRA[@]}"
