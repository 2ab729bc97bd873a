#!/bin/bash
# The command is built in a string and run by eval "$CMD": eval parses
# the string again, so it runs what $CMD would. Read as no command at all,
# the script had no engine, no modes, and bench's own seats went unseen
# (found by R60).
set -e
. "$(dirname "$0")/s.env"
CMD="vllm serve $MODEL --max-num-batched-tokens $MAX_NUM_BATCHED_TOKENS"
case "${1:-serve}" in
  serve) CMD="$CMD --max-num-seqs $MAX_NUM_SEQS --port 8000" ;;
  eval) CMD="$CMD --max-num-seqs $MAX_NUM_SEQS --port 8001 --seed 0" ;;
  bench) CMD="$CMD --max-num-seqs 256 --port 8002" ;; # want "bench passes --max-num-seqs 256" "bench boots with --max-num-seqs 256 where serve boots with 64"
esac
echo "+ $CMD"
eval "$CMD"
