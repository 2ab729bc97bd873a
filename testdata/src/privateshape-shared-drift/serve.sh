#!/usr/bin/env bash
# prefill and decode read WIDE_STEP and NARROW_STEP, neither the owner nor
# their own role keys: drifts privateshape fixes at each role. They do not
# hold back the shared use's fix, which ends the same drifts.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
STEP=$BENCH_STEP
case $MODE in
  serve) ;;
  prefill) STEP=$WIDE_STEP ;; # want "prefill passes --max-num-batched-tokens .* from WIDE_STEP"
  decode) STEP=$NARROW_STEP ;; # want "decode passes --max-num-batched-tokens .* from NARROW_STEP"
  bench) ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$STEP" # want "serve\|bench passes .* not from its owner; .*serve.env:3 owns it as MAX_NUM_BATCHED_TOKENS=8192 \(privateshape\)$"
