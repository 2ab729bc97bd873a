#!/usr/bin/env bash
# Only bash reads the env file: lines it runs as commands set nothing.
. "$(dirname "$0")/v.env"
exec vllm serve /m --max-num-seqs "${V_MAX_NUM_SEQS:-32}" --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS" --served-model-name "${V_NAME:-m}"
