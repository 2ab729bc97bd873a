#!/bin/sh
# The compatible getopt(1) form without eval: set -- $(getopt m:p: "$@")
# splits getopt's unquoted output (-m eval --) into the positional
# parameters, and the loop picks the mode from them. The set -- before the
# loop was read as a subcommand shifted off first, so no mode was found and
# eval's own --max-num-seqs went unseen.
. "$(dirname "$0")/serve.env"
set -- $(getopt m:p: "$@")
mode=serve
port=8000
while [ $# -gt 0 ]; do
  case "$1" in
    -m) mode=$2; shift 2 ;;
    -p) port=$2; shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
if [ "$mode" = eval ]; then
  exec vllm serve /m --port $port --max-num-seqs 32 --seed 0 # want "eval boots with --max-num-seqs 32 where serve boots with 64" "eval passes --max-num-seqs 32"
fi
exec vllm serve /m --port $port --max-num-seqs "$MAX_NUM_SEQS"
