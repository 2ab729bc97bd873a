#!/bin/sh
# POSIX sh has no arrays: the argv is built in the positional parameters
# with set --, each mode appending its own words to the shared ones.
. "$(dirname "$0")/r.env"
mode=$1
set -- --max-num-seqs "$R_MAX_SEQS"
if [ "$mode" = serve ]; then
  set -- "$@" --max-num-batched-tokens "$R_MAX_BATCHED_TOKENS"
elif [ "$mode" = bench ]; then
  set -- "$@" --max-num-batched-tokens 65536 # want "bench boots with --max-num-batched-tokens 65536 where serve boots with 1024.*\(argvdrift\)" "bench passes --max-num-batched-tokens 65536; .*r.env:2 owns it as R_MAX_BATCHED_TOKENS=1024 \(privateshape\)"
fi
exec vllm serve /m "$@"
