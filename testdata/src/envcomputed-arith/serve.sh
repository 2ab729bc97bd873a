#!/usr/bin/env bash
# MAX_NUM_SEQS is computed in the env file from TP, a key the same file
# defines: it still owns --max-num-seqs, and bench's own 512 is found.
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 1 ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs 512 --port 2 ;; # want "bench passes --max-num-seqs 512; .*serve.env:3 owns it as MAX_NUM_SEQS=\$\(\(64 \* TP\)\)" "bench boots with --max-num-seqs 512 where serve boots with 128"
esac
