#!/usr/bin/env bash
# Left-over memory is no claim; a step or seats called free still are.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# What is free after the step's arena is the KV cache, and the seats share it.
# A 64k step is free: the arena lives on the disk tier. # want "comment claims \"is free\""
# More seats are free, whatever memory is left. # want "comment claims \"are free\""
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
