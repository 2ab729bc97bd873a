#!/usr/bin/env bash
# A request's tokens (its max_tokens, its output, its prompt) are not the
# step's: a price said of them says nothing of the arena.
#  - Output tokens are free on our internal cluster; billing is per hour.
#  - Setting max-tokens to 16 for the warmup costs nothing.
#  - --max-new-tokens 1024 is free, TGI streams the output.
#  - Prompt tokens are basically free with a warm prefix cache.
# The step's tokens still are:
#  - More prompt tokens per step is free throughput # want "comment claims \"free throughput\".*\(freethroughput\)"
#  - 65536 batched tokens cost nothing # want "comment claims \"cost nothing\".*\(freethroughput\)"
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
