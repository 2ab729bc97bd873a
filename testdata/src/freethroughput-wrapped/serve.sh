#!/usr/bin/env bash
# A claim after a line that ends its sentence, or whose open sentence does
# not deny it, is still one.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# For bench we widen the step:
# a 64k step costs nothing on H100. # want "comment claims \"costs nothing\""
# Whatever the old runbook said,
# a 64k step costs nothing. # want "comment claims \"costs nothing\""
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
