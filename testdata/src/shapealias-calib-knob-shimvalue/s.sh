#!/usr/bin/env bash
# calib's own step=32768 is its calib knob's value, which may differ from
# the proven shape (privateshape asks for it from the env file). Reading the
# owner at "${step:-$OWNER}" would boot calib with 1024: no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 8" "bench passes --max-num-seqs 16 through the mode-local"
  calib) seqs=$MAX_NUM_SEQS; step=32768 ;; # want "calib passes its own knob --max-num-batched-tokens 32768 as a literal"
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "${step:-$MAX_NUM_BATCHED_TOKENS}" # want "lets step override its owner MAX_NUM_BATCHED_TOKENS .*no fix: line 10 gives step calib's own value of --max-num-batched-tokens, a calib knob"
