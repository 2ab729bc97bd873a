#!/usr/bin/env bash
# Free as idle: a slot named with where it lives, or what is free again
# after a drain, is available, not costless; cached tokens are the prefix
# cache's, as prefix caching is a feature of its own.
#  - Slots in llama-server are free once a request finishes.
#  - The seats on GPU 1 are free again after the drain.
#  - Cached prompt tokens are essentially free thanks to the prefix cache.
# A widening is still a claim:
#  - Slots in a 64k step are free # want "comment claims \"are free\".*\(freethroughput\)"
#  - a wider step is free throughput again and again # want "comment claims \"free throughput\".*\(freethroughput\)"
#  - 4096 cached tokens per step are free # want "comment claims \"are free\".*\(freethroughput\)"
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
