#!/usr/bin/env bash
# "free" said of the memory left over after the weights and the step's arena
# tells law 1 (the arena is charged first), not that a wider step is free of
# charge.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# What is free after the weights and the step's arena is the KV cache; the seats draw from it.
# Whatever memory is free after the weights and the step's activation arena becomes KV cache for the seats.
# The VRAM that is free once the step's arena is carved out goes to the KV cache the seats share.
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
