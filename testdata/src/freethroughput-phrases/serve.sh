#!/usr/bin/env bash
# Other phrasings of the claim, and comments that are not claims.
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) step=$P_MAX_NUM_BATCHED_TOKENS ;;
  bench)
    # a 64k step has no vram overhead at all # want "comment claims \"no vram overhead\".*\(freethroughput\)"
    # doubling the seats costs nothing # want "comment claims \"costs nothing\".*\(freethroughput\)"
    # the batch comes with no gpu penalty # want "comment claims \"no gpu penalty\".*\(freethroughput\)"
    # free memory is checked by the health probe; the cache frees blocks
    # a wide step isn't free throughput, and more seats are NOT free throughput either
    # there is no free lunch: the step's arena is charged to the card
    # prefix caching gives free throughput on repeated prompts
    # the step is free to tune per GPU, but it must live in serve.env
    # more seats cost nothing at idle? wrong: they cost KV cache
    # "costs nothing" claims about the step were wrong; measure it
    # there's no such thing as free throughput; measure before widening the step
    # don't believe anyone who says a wider step costs nothing
    # widening the step costs nothing -- WRONG, see the ledger
    # The step costs VRAM; seats cost KV cache. Nothing here is free.
    # None of this is free: the step costs VRAM.
    # Not now. A wider step is free throughput # want "comment claims \"free throughput\".*\(freethroughput\)"
    step=$P_MAX_NUM_BATCHED_TOKENS
    ;;
esac
exec vllm serve m --max-num-seqs "$P_MAX_NUM_SEQS" --max-num-batched-tokens "$step"
