#!/usr/bin/env bash
# The sourced env file sets MODE: its value, not the caller's, picks the
# branch, so MODE is no selector and the script has no modes to compare.
. "$(dirname "$0")/serve.env"
MODE="${MODE:-serve}"
if [[ $MODE == bench ]]; then
  exec vllm serve "$MODEL" --max-num-seqs 512
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
