#!/usr/bin/env bash
# What every mode but serve runs does not touch the argv, and calib's own
# step is calib's (its knob, from the env file): nothing to report.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODE=${1:-serve}
step=$MAX_NUM_BATCHED_TOKENS
[[ $MODE == serve ]] || echo "booting $MODE" >&2
[[ $MODE != calib ]] || step=$CALIB_BATCHED_TOKENS
case $MODE in serve|calib) ;; *) exit 2 ;; esac
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$step"
