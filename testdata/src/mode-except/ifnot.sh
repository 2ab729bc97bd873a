#!/bin/sh
# if [ "$mode" != serve ]: kl and bench run it, serve does not.
set -eu
. "$(dirname "$0")/s.env"
mode=${1:-serve}
step=$MAX_NUM_BATCHED_TOKENS
if [ "$mode" != serve ]; then
  step=16384 # want "kl passes --max-num-batched-tokens 16384 through step=16384" "bench passes --max-num-batched-tokens 16384 through step=16384" "kl boots with --max-num-batched-tokens 16384 where serve boots with 8192" "bench boots with --max-num-batched-tokens 16384 where serve boots with 8192"
fi
case "$mode" in
  serve|kl|bench) ;;
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$step"
