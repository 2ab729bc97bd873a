#!/usr/bin/env bash
# launch() runs the engine through run(), a runner: a mode's own words
# passed to launch reach the engine, and bench's own seats get a fix.
. "$(dirname "$0")/s.env"
run() { echo "+ $*" >&2; "$@"; }
launch() { run vllm serve /m --max-num-batched-tokens "$R_MAX_BATCHED_TOKENS" "$@"; }
case "$1" in
  serve) launch --max-num-seqs "$R_MAX_SEQS" ;;
  bench) launch --max-num-seqs 32 ;;
esac
# want@9 "bench boots with --max-num-seqs 32 where serve boots with 8" "bench passes --max-num-seqs 32"
