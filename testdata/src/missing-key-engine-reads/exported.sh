#!/bin/sh
# A value exported to the engine's environment is the boot's too:
# ACME_ATTN_BACKEND (the file has ACME_ATTENTION_BACKEND) is missing.
set -eu
. "$(dirname "$0")/serve.env"
export VLLM_ATTENTION_BACKEND="$ACME_ATTN_BACKEND"
exec vllm serve "$1" --max-num-seqs "$ACME_MAX_NUM_SEQS" --max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS"
# want@6 "ACME_ATTN_BACKEND is read here but no owning env file defines it"
