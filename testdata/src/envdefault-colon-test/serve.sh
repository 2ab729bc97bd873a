#!/usr/bin/env bash
# : "${MODE:=serve}" and a test(1) of it: the same environment selector.
. "$(dirname "$0")/serve.env"
: "${MODE:=serve}"
if test "$MODE" = bench; then
  exec vllm serve "$MODEL" --max-num-seqs 512 # want "bench passes --max-num-seqs 512; .*serve.env:2 owns it as MAX_NUM_SEQS=128" "bench boots with --max-num-seqs 512 where serve boots with 128"
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
