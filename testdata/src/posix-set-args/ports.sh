#!/bin/sh
# The same layout where the modes differ only in a per-mode flag: nothing
# to report.
. "$(dirname "$0")/r.env"
mode=$1
set -- --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$R_MAX_BATCHED_TOKENS"
if [ "$mode" = serve ]; then
  set -- "$@" --port 8000
elif [ "$mode" = kl ]; then
  set -- "$@" --port 8001
fi
exec vllm serve /m "$@"
