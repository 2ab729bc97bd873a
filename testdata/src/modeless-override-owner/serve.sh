#!/usr/bin/env bash
# serve.sh boots with the owner's number: bench.sh's override is its own.
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8000
