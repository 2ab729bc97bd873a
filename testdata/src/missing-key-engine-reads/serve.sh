#!/bin/sh
# VLLM_USE_V1 is vLLM's own knob, set by the caller and only logged here:
# no key the env file is missing. VLLM_PORT and VLLM_HOST reach the
# engine's argv (directly, and through a string of flags): a boot needs them.
set -eu
. "$(dirname "$0")/serve.env"
export VLLM_ATTENTION_BACKEND
echo "V1=$VLLM_USE_V1"
NET="--host $VLLM_HOST"
exec vllm serve "$1" $NET --port "$VLLM_PORT" --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
# want@9 "VLLM_HOST is read here but no owning env file defines it"
# want@10 "VLLM_PORT is read here but no owning env file defines it"
