#!/usr/bin/env bash
# This launcher sets SEQS itself: a caller's SEQS never reaches the engine.
set -euo pipefail
. "$(dirname "$0")/serve.env"
SEQS=$MAX_NUM_SEQS
exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "$@"
