#!/usr/bin/env bash
# MNBT only ever holds the owner's value: an alias, read the owner.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MNBT=$VLLM_MAX_NUM_BATCHED_TOKENS # want "MNBT is an alias of VLLM_MAX_NUM_BATCHED_TOKENS"
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$MNBT" # want "the script reads MNBT, an alias of VLLM_MAX_NUM_BATCHED_TOKENS"
