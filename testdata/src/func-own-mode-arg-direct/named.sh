#!/bin/sh
# Each branch hands launch its own mode name: launch's case $1 is the mode's.
. "$(dirname "$0")/fp.env"
launch() {
  case $1 in
    serve) vllm serve /m --max-num-seqs "$FP_MAX_NUM_SEQS" ;;
    kl) vllm serve /m --max-num-seqs 4 ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64.*\(argvdrift\)" "kl passes --max-num-seqs 4; .*fp.env:1 owns it as FP_MAX_NUM_SEQS=64"
  esac
}
case "$1" in
  serve) launch serve ;;
  kl) launch kl ;;
esac
