#!/usr/bin/env bash
# Another feature given as the reason does not make the claim its own: the
# subject is still a number or a widening of the batch, the seqs or the
# step's key. Draft tokens of speculative decoding are the feature's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# With the fp8 KV cache, 65536 batched tokens is free throughput
# Thanks to CUDA graphs, batching 512 seqs costs nothing
# Since we run AWQ weights, a bigger batch is free throughput
# Speculative decoding with 4 draft tokens is free throughput
exec vllm serve /m --max-num-seqs "$F_MAX_NUM_SEQS" --max-num-batched-tokens "$F_MAX_NUM_BATCHED_TOKENS"
# want@7 "comment claims \"free throughput\""
# want@8 "comment claims \"costs nothing\""
# want@9 "comment claims \"free throughput\""
