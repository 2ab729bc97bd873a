#!/usr/bin/env bash
# A denial wrapped over two comment lines is read as one sentence: the
# claim's words on the second line are not the comment's claim.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# Do not assume that a wider step
# costs nothing: the arena is charged to the card.
# It is a myth that
# more seats are free; each one reserves KV cache.
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
