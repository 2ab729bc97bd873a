#!/usr/bin/env bash
# Checking or reading the step or the seats is priced, not widening them:
# no claim about the arena.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# Checking the step against the document length costs nothing at runtime.
# Reading MAX_NUM_SEQS from the env file costs nothing.
# The step is read from serve.env at no extra cost.
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
