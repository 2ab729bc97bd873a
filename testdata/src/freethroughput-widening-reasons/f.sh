#!/usr/bin/env bash
# A narrowing word said of something else than the step or the seats is no
# narrowing of them: fewer steps per document, lower latency, a card that
# is "free" in a sentence about a wide step are the reasons given for a
# wider step, and the claim stands.
. "$(dirname "$0")/f.env"
# A 64k step cuts each document into fewer steps: free throughput.
# A wide step halves the steps per document, so it costs nothing.
# 65536-token step: lower latency, and the arena is free.
# A wide step: the arena is on the disk tier, so the card is free.
# lowering the step costs nothing: the arena shrinks
# the step lowered to 512 costs nothing
# boot the 64k step once the GPU is free
exec vllm serve /m --max-num-seqs "$F_MAX_NUM_SEQS" --max-num-batched-tokens "$F_MAX_NUM_BATCHED_TOKENS"
# want@7 "comment claims \"free throughput\""
# want@8 "comment claims \"costs nothing\""
# want@9 "comment claims \"is free\""
# want@10 "comment claims \"is free\""
