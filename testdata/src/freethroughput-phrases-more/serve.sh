#!/usr/bin/env bash
# More phrasings of the claim: the engine's underscore spellings, a zero
# overhead, the chunked-prefill budget (the step itself, not the feature),
# a denied growth in memory, an unchanged footprint. Then comments that say
# such things of something else.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) ;;
  bench)
    # raising max_num_seqs costs nothing, KV is paged # want "comment claims \"costs nothing\".*\(freethroughput\)"
    # a wider step has zero VRAM overhead # want "comment claims \"zero VRAM overhead\".*\(freethroughput\)"
    # chunked prefill budget 16k is free # want "comment claims \"is free\".*\(freethroughput\)"
    # bigger chunked-prefill budget is basically free perf on H100 # want "comment claims \"is basically free\".*\(freethroughput\)"
    # doubling max_num_batched_tokens doesn't use more memory # want "comment claims \"doesn't use more memory\".*\(freethroughput\)"
    # wider step, same memory footprint # want "comment claims \"same memory footprint\".*\(freethroughput\)"
    # --enable-chunked-prefill is basically free
    # the log rotation doesn't use more memory
    # same memory footprint as serve: bench inherits every number
    # zero VRAM overhead from the tokenizer pool
    # lowering the step doesn't use more memory
    ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
