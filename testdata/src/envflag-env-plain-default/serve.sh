#!/usr/bin/env bash
# serve.env sets USE_SPEC=0 outright: sourcing it overwrites a caller's
# USE_SPEC=1, so no run of the script as it stands takes the branch (only
# an edit of serve.env does, which the dry run cannot evaluate as a mode):
# no mode of its own, as USE_FP8=1 set there is none.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ $USE_SPEC == 1 ]]; then args+=(--max-num-seqs 16); fi
exec vllm serve "$MODEL" "${args[@]}"
