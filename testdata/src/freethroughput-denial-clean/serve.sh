#!/usr/bin/env bash
# Comments that call the claim false deny it: no finding.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# Nobody should think a wider step costs nothing: the arena is charged to the card.
# It is a myth that more seats are free; each one reserves KV cache.
# Myth: a 64k step is free throughput. The ledger's activation arena row says otherwise.
# A common misconception: a wider step costs nothing.
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
