#!/usr/bin/env bash
# Law 1 is about a wider step or more seats: a comment that narrows them
# ("lowering the step costs nothing") claims nothing it denies.
. "$(dirname "$0")/f.env"
# lowering the step costs nothing: the arena shrinks
# dropping seats to 4 is free
# raising the step is free throughput
# a wider step is free throughput, lowering it is not
exec vllm serve /m --max-num-seqs "$F_MAX_NUM_SEQS" --max-num-batched-tokens "$F_MAX_NUM_BATCHED_TOKENS"
# want@7 "comment claims \"free throughput\""
# want@8 "comment claims \"free throughput\""
