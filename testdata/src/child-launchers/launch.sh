#!/usr/bin/env bash
# The repository's launcher: the caller may set SEQS in its environment;
# unset, the owner's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "$@"
