#!/usr/bin/env bash
# Modes tested with a glob ([[ $mode == bench* ]]): bench was no mode, so
# its own seats went unseen. The word evaluated is the glob's literal text
# (bench). serve-fast* after serve* is no mode: serve* takes every word it
# matches first, as bash does.
set -euo pipefail
. "$(dirname "$0")/env/serve.env"
mode=${1:-serve}
args=(--model /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
if [[ $mode == serve* ]]; then
  :
elif [[ $mode == serve-fast* ]]; then
  args+=(--max-num-seqs 4)
elif [[ $mode == bench* ]]; then
  args+=(--max-num-seqs 16) # want "bench \(as bench\*\) passes a second --max-num-seqs 16 that overrides the shared one" "bench \(as bench\*\) boots with --max-num-seqs 16 where serve boots with 8"
fi
exec vllm serve "${args[@]}"
