#!/usr/bin/env bash
# calib's own step, its calib knob, may differ from the proven shape (law
# 4): the shared use's fix would end it. Reported, with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
STEP=$BENCH_STEP
case $MODE in
  serve) ;;
  calib) STEP=32768 ;; # want "calib passes its own knob --max-num-batched-tokens 32768 as a literal"
  bench) ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$STEP" # want "serve\|bench passes .* not from its owner.*no fix: line 10 gives STEP calib's own value of --max-num-batched-tokens, a calib knob"
