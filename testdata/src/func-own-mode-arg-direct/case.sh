#!/bin/sh
# start reads its own $1 (run or dry) directly, with no local: dry is no
# mode of the script.
. "$(dirname "$0")/fp.env"
start() {
  case $1 in
    dry) echo vllm serve /m ;;
    *) vllm serve /m --max-num-seqs "$FP_MAX_NUM_SEQS" ;;
  esac
}
case "${1:-serve}" in
  serve) start run ;;
  kl) start run --port 2 ;;
esac
