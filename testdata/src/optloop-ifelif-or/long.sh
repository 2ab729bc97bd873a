#!/bin/sh
# The POSIX sibling: a while/shift option loop whose branches test two
# spellings with [ ] || [ ].
set -eu
. "$(dirname "$0")/serve.env"
MODE=serve
while [ $# -gt 0 ]; do
  if [ "$1" = -b ] || [ "$1" = --bench ]; then
    MODE=bench
  elif [ "$1" = -k ] || [ "$1" = --kl ]; then
    MODE=kl
  fi
  shift
done
case $MODE in
  serve|kl) exec vllm serve --model /m --max-num-seqs "$MAX_NUM_SEQS" --port 8000 ;;
  bench) exec vllm serve --model /m --max-num-seqs 4 --port 8000 ;; # want "bench passes --max-num-seqs 4; .*serve.env:1 owns it as MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 4 where serve boots with 64"
esac
