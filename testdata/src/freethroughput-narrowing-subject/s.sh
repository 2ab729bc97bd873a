#!/usr/bin/env bash
# A narrowing exempts a claim only when what it narrows is the claim's
# subject: a step or seats named after it are the subject themselves.
. "$(dirname "$0")/f.env"
# dropping seats to 4 frees the card, so a 2x step is free throughput
# lowering the seats and maxing out the step is free throughput
# halving the seats pays for the full-document step: free throughput
# with fewer seqs the step of 8192 costs nothing
# lowering the step to 512 costs nothing
# the step lowered to 512 is free
# reducing max-num-seqs to 4 costs nothing
# dropping seats from 8 to 4 is free
exec vllm serve /m --max-num-seqs "$F_MAX_NUM_SEQS" --max-num-batched-tokens "$F_MAX_NUM_BATCHED_TOKENS"
# want@5 "comment claims \"free throughput\""
# want@6 "comment claims \"free throughput\""
# want@7 "comment claims \"free throughput\""
# want@8 "comment claims \"costs nothing\""
