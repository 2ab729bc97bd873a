#!/usr/bin/env bash
# serve.sh [-p PORT] MODEL [MODE]: options read by getopts and shifted off
# (shift $((OPTIND-1)) shifts nothing in a dry run given no option), then
# the model, then the mode.
. "$(dirname "$0")/serve.env"
while getopts p: o; do case $o in p) PORT=$OPTARG ;; esac; done
shift $((OPTIND-1))
MODEL=${1:?}
shift
MODE=${1:-serve}
args=(--model "/models/$MODEL" --port "${PORT:-8000}" --max-num-seqs "$MAX_NUM_SEQS")
case "$MODE" in
  serve) ;;
  bench) args+=(--max-num-seqs 64) ;; # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
exec vllm serve "${args[@]}"
