#!/usr/bin/env bash
# The same flag twice, the owner's value both times: nothing private.
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-seqs 128 --port 8001
