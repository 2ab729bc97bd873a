#!/usr/bin/env bash
# The else of an if/elif chain that only tests the mode runs for every
# mode none of its tests names: bench's (and kl's) own --max-num-seqs.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODE=${1:-serve}
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
if [[ $MODE == serve ]]; then
  args+=(--port 8000)
elif [[ $MODE == calib ]]; then
  args+=(--port 8002)
else
  args+=(--port 8001 --max-num-seqs 64) # want "kl.bench passes a second --max-num-seqs 64" "kl boots with --max-num-seqs 64 where serve boots with 16" "bench boots with --max-num-seqs 64 where serve boots with 16"
fi
case $MODE in serve|kl|bench|calib) ;; *) exit 2 ;; esac
exec vllm serve /m "${args[@]}"
