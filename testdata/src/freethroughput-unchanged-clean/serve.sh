#!/usr/bin/env bash
# "Same footprint" and "no more memory" said of a step and seats kept as
# they are is true: no claim that a wider shape is free.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# keep max_num_seqs at 64 so the model has the same memory footprint as in prod
# mnbt matches serve, so the eval run has the same memory footprint and the numbers compare
# the step stays at serve's: bench doesn't use more memory than serve
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
