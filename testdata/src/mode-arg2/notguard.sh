#!/usr/bin/env bash
# serve.sh MODEL MODE with a guard letting the modes through by !=.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [serve|bench]}
MODE=${2:-serve}
[[ $MODE != serve && $MODE != bench ]] && { echo "unknown mode $MODE" >&2; exit 2; }
args=(--model "/models/$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
if [[ $MODE == bench ]]; then args+=(--max-num-seqs 64); fi # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
exec vllm serve "${args[@]}"
