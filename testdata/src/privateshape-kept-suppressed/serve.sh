#!/usr/bin/env bash
# tiny's own step is kept on purpose (servelint:ignore): the shared use's
# fix would end it and delete the comment as silencing nothing. Reported,
# with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
STEP=$BENCH_STEP
case $MODE in
  serve) ;;
  tiny) STEP=2048 ;; # servelint:ignore privateshape,argvdrift -- smoke test
  bench) ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$STEP" # want "serve\|bench passes .* not from its owner.*no fix: line 11 gives STEP tiny's own value under a servelint:ignore of privateshape"
