#!/usr/bin/env bash
# serve.sh MODEL MODE with a guard naming the modes and an && line per mode.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [serve|bench]}
MODE=${2:-serve}
[[ $MODE == serve || $MODE == bench ]] || { echo "bad mode $MODE" >&2; exit 2; }
args=(--model "/models/$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
[[ $MODE == bench ]] && args+=(--max-num-seqs 64) # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
exec vllm serve "${args[@]}"
