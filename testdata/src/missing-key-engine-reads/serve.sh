#!/bin/sh
# ACME_BUILD_ID is set by the caller (CI) and only logged here:
# no key the env file is missing. ACME_PORT and ACME_HOST reach the
# engine's argv (directly, and through a string of flags): a boot needs them.
set -eu
. "$(dirname "$0")/serve.env"
export ACME_ATTENTION_BACKEND
echo "V1=$ACME_BUILD_ID"
NET="--host $ACME_HOST"
exec vllm serve "$1" $NET --port "$ACME_PORT" --max-num-seqs "$ACME_MAX_NUM_SEQS" --max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS"
# want@9 "ACME_HOST is read here but no owning env file defines it"
# want@10 "ACME_PORT is read here but no owning env file defines it"
