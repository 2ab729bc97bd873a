#!/bin/sh
# getopt(1)'s compatible form kept in a variable, then split by set --
# without eval: the positional parameters are still the caller's options,
# normalised; the loop's -m picks the mode.
. "$(dirname "$0")/serve.env"
OPTS=$(getopt m: "$@")
set -- $OPTS
mode=serve
while [ $# -gt 0 ]; do
  case "$1" in
    -m) mode=$2; shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
case $mode in
  serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  eval) exec vllm serve /m --max-num-seqs 32 --seed 0 ;; # want "eval boots with --max-num-seqs 32 where serve boots with 64" "eval passes --max-num-seqs 32"
esac
