#!/usr/bin/env bash
# A claim framed as an appearance and turned against in what follows, on its
# line or the next lines of its comment block, is no claim; one that is not
# turned against is.
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) step=$P_MAX_NUM_BATCHED_TOKENS ;;
  bench)
    # bench keeps the serving step: a wider step would look like free throughput here,
    # but its activation arena comes out of the KV cache in production.
    # You'd think more seats cost nothing; in practice each one holds KV blocks.
    # a 64k step seems like free throughput, however the ledger shows 10 GiB of arena
    # a 64k step looks like free throughput on this box # want "comment claims \"free throughput\".*\(freethroughput\)"
    # and it is.
    # a wider step is free throughput, # want "comment claims \"free throughput\".*\(freethroughput\)"
    # but only when the batch is full.
    # the 64k step seems to be free throughput, so raise it. # want "comment claims \"free throughput\".*\(freethroughput\)"
    # Ship it. But measure the latency first.
    step=$P_MAX_NUM_BATCHED_TOKENS
    ;;
esac
exec vllm serve m --max-num-seqs "$P_MAX_NUM_SEQS" --max-num-batched-tokens "$step"
