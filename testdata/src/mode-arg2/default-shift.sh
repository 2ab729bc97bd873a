#!/usr/bin/env bash
# serve.sh MODEL [MODE] with only bench tested: the mode's default, serve,
# names the proven mode, so the mode is the second word (the dry run runs
# serve.sh <model> bench, not serve.sh bench) and bench is compared with serve.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [MODE]}; shift
MODE=${1:-serve}
args=(--model "/models/$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
[[ $MODE == bench ]] && args+=(--max-num-seqs 64) # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
exec vllm serve "${args[@]}"
