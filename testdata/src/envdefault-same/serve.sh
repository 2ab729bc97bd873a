#!/usr/bin/env bash
# bench inherits the owner's seat count: nothing to report.
. "$(dirname "$0")/serve.env"
MODE="${MODE:-serve}"
if [ "$MODE" = bench ]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 9000
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
