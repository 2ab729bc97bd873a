#!/usr/bin/env bash
# "Free for" a party is a price waived for people, not the card's memory
# (found by R60). "Free for us" is still a claim about the step.
#  - Tokens are free for internal users; billing lives in the gateway
#  - requests are free for customers on the pro plan, metered for the rest
#  - a 64k step is free for us: the arena is on the disk tier # want "comment claims \"is free\".*\(freethroughput\)"
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
