#!/bin/sh
# Switches pick bench and kl; MODE=serve before the loop is the proven
# mode's, and the dispatch tests bench alone: run with no switch, the
# script boots the shared path as serve. No test named serve, so the
# switches were no mode picker and bench's own 4 was missed.
set -eu
. "$(dirname "$0")/serve.env"
MODE=serve
while [ $# -gt 0 ]; do
  if [ "$1" = --bench ]; then
    MODE=bench
  elif [ "$1" = -k ] || [ "$1" = --kl ]; then
    MODE=kl
  fi
  shift
done
if [ "$MODE" = bench ]; then
  exec vllm serve --model /m --max-num-seqs 4 --port 8000 # want "bench passes --max-num-seqs 4; .*serve.env:1 owns it as MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 4 where serve boots with 64"
fi
exec vllm serve --model /m --max-num-seqs "$MAX_NUM_SEQS" --port 8000
