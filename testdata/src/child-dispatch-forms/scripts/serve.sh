#!/bin/sh
# The launcher, POSIX: the owner's numbers, then the caller's words.
. "$(dirname "$0")/../serve.env"
exec vllm serve /models/llama --max-num-seqs "$MAX_NUM_SEQS" \
  --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "$@"
