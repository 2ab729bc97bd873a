#!/bin/sh
# set -- "$(getopt m: "$@")", quoted, makes getopt's whole output one word
# (" -m eval --"): the loop's *) arm takes it and every run is serve's.
# The eval arm is never reached, so its literal is no mode's.
. "$(dirname "$0")/serve.env"
set -- "$(getopt m: "$@")"
mode=serve
while [ $# -gt 0 ]; do
  case "$1" in
    -m) mode=$2; shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
x=
if [ "$mode" = eval ]; then x="--seed 0"; fi
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" $x
