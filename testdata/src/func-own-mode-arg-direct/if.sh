#!/bin/sh
# The same with an if: dry is no mode of the script.
. "$(dirname "$0")/fp.env"
start() {
  if [ "$1" = dry ]; then
    echo vllm serve /m
    return
  fi
  vllm serve /m --max-num-seqs "$FP_MAX_NUM_SEQS"
}
case "${1:-serve}" in
  serve) start run ;;
  kl) start run --port 2 ;;
esac
