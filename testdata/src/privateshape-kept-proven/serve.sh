#!/usr/bin/env bash
# serve, the proven mode, gives STEP its own 4096; bench reads BENCH_STEP.
# bench's fix at the shared use would boot serve with 8192. Both are
# reported, neither with a fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
STEP=$BENCH_STEP
case $MODE in
  serve) STEP=4096 ;; # want "serve passes --max-num-batched-tokens 4096 .*no fix: serve, the proven mode, boots with it"
  bench) ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$STEP" # want "bench boots with --max-num-batched-tokens 8192 where serve boots with 4096" "bench passes .* not from its owner.*no fix: line 10 gives STEP the own value of serve, the proven mode"
