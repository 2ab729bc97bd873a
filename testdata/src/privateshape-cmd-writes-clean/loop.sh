#!/usr/bin/env bash
# A counter a loop doubles is a sweep, not one number of the mode.
# (argvdrift reads the first pass of a while counter: its own matter.)
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  sweep)
    (( seqs = 16 ))
    while (( seqs <= 256 )); do
      vllm serve "$MODEL" --max-num-seqs "$seqs" --port 8001 # want "sweep boots with --max-num-seqs 16"
      (( seqs *= 2 ))
    done
    ;;
esac
