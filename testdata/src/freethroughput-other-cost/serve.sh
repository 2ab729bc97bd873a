#!/usr/bin/env bash
# A claim that prices something else than the card's memory (a cost in
# another dimension named after it, or the observing of the step or the
# seats) says nothing of the arena:
#  - The larger batch costs nothing in quality: greedy decode is batch-invariant.
#  - Raising the step has no extra cost in accuracy.
#  - A wider step costs nothing in TTFT for short prompts.
#  - Each step is logged at no extra cost.
#  - Scraping the seats in use from /metrics costs nothing.
# The card's memory, or a widening that is observed, still is:
#  - Doubling the seats costs nothing in VRAM. # want "comment claims \"costs nothing\".*\(freethroughput\)"
#  - A bigger step costs nothing at all, trust me. # want "comment claims \"costs nothing\".*\(freethroughput\)"
#  - a 64k step is logged as free throughput # want "comment claims \"free throughput\".*\(freethroughput\)"
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
