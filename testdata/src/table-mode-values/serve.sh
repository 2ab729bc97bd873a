#!/usr/bin/env bash
# A value table keyed by the mode: bench's entry is its own number, which
# the dry run proves and privateshape traces to the entry (fixed there).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
declare -A SEQS=([serve]=$TV_MAX_NUM_SEQS [bench]=64) # want "bench boots with --max-num-seqs 64 where serve boots with 256; .*serve.env:1 owns it as TV_MAX_NUM_SEQS=256" "bench passes --max-num-seqs 64 through the mode table SEQS"
[[ -n ${SEQS[$MODE]:-} ]] || { echo "unknown mode $MODE" >&2; exit 2; }
exec vllm serve /models/m --max-num-seqs "${SEQS[$MODE]}"
