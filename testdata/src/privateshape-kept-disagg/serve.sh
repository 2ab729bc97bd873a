#!/usr/bin/env bash
# serve, decode and bench take the step from BENCH_STEP, not its owner;
# prefill, a role of disaggregated serving, gives STEP its own 16384. Writing
# "$MAX_NUM_BATCHED_TOKENS" at the shared use would boot prefill with 8192:
# reported, with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
STEP=$BENCH_STEP
case $MODE in
  serve) ;;
  prefill) STEP=16384 ;;
  decode) ;;
  bench) ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$STEP" # want "serve\|decode\|bench passes --max-num-batched-tokens .* not from its owner.*no fix: line 12 gives STEP the own value of prefill, a disaggregated role"
