#!/usr/bin/env bash
# A feature named as a heading before a colon is the claim's subject.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# FP8 KV cache: twice the tokens for free.
# Prefix caching: repeated system prompts in a batch are basically free.
# fp8 KV cache: 65536 batched tokens is free throughput
# bench: a wider step is free throughput
exec vllm serve /m --max-num-seqs "$H_MAX_NUM_SEQS" --max-num-batched-tokens "$H_MAX_NUM_BATCHED_TOKENS" --kv-cache-dtype fp8
# want@7 "comment claims \"free throughput\""
# want@8 "comment claims \"free throughput\""
