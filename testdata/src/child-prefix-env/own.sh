#!/usr/bin/env bash
# This launcher sources serve.env, which sets MAX_NUM_SEQS after the
# caller's prefix: the engine gets the owner's whatever the caller set.
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "$@"
