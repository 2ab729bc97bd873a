#!/usr/bin/env bash
# make serve MODE=bench: the mode comes from the environment and defaults
# to serve; only bench is tested. serve is the shared launch, bench's own
# seat count is found.
. "$(dirname "$0")/serve.env"
MODE="${MODE:-serve}"
if [[ $MODE == bench ]]; then
  exec vllm serve "$MODEL" --max-num-seqs 512 # want "bench passes --max-num-seqs 512; .*serve.env:2 owns it as MAX_NUM_SEQS=128" "bench boots with --max-num-seqs 512 where serve boots with 128"
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
