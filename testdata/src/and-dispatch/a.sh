#!/bin/sh
# POSIX dispatch: each mode runs its own command after &&.
. "$(dirname "$0")/a.env"
[ "$1" = serve ] && exec vllm serve /m --max-num-seqs "$A_MAX_NUM_SEQS" --max-num-batched-tokens "$A_MAX_NUM_BATCHED_TOKENS"
[ "$1" = bench ] && exec vllm serve /m --max-num-seqs 256 --max-num-batched-tokens "$A_MAX_NUM_BATCHED_TOKENS" # want "bench boots with --max-num-seqs 256 where serve boots with 32" "bench passes --max-num-seqs 256"
echo "usage: $0 serve|bench" >&2
exit 2
