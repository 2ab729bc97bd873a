#!/usr/bin/env bash
# The compose service's environment: takes VLLM_MAX_NUM_BATCHED_TOKENS
# bare, its value from the project's .env: the key is used there.
set -euo pipefail
cd "$(dirname "$0")"
source .env
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS"
