#!/usr/bin/env bash
# MAX_NUM_SEQS=${TP}00: bash reads 200 from the file's own TP.
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 1 ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs 512 --port 2 ;; # want "bench passes --max-num-seqs 512; .*serve.env:3 owns it" "bench boots with --max-num-seqs 512 where serve boots with 200"
esac
