#!/bin/sh
. "$(dirname "$0")/serve.env"
mode=serve
while getopts "m:p:" o; do
  case $o in
    m) mode=$OPTARG ;;
    p) port=$OPTARG ;;
    *) exit 2 ;;
  esac
done
extra=""
if [ "$mode" = bench ]; then
  extra="--max-num-batched-tokens 32768" # want "bench passes a second --max-num-batched-tokens 32768 that overrides the shared one" "bench boots with --max-num-batched-tokens 32768 where serve boots with 8192"
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port "${port:-8000}" $extra
