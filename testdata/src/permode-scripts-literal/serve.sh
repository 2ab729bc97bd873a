#!/usr/bin/env bash
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8000
