#!/usr/bin/env bash
# serve.sh MODEL [MODE] reading ${2:-serve} with only bench tested and a
# guard refusing mode names as the model: the mode is the second word.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [MODE]}
[[ $MODEL == serve || $MODEL == bench ]] && { echo "usage: serve.sh MODEL [MODE]" >&2; exit 2; }
args=(--model "/models/$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
[[ ${2:-serve} == bench ]] && args+=(--max-num-seqs 64) # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
exec vllm serve "${args[@]}"
