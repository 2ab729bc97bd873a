#!/usr/bin/env bash
# A small test model, sized for itself: not the owner's model.
. "$(dirname "$0")/serve.env"
exec vllm serve facebook/opt-125m --max-num-seqs "$MAX_NUM_SEQS" --max-num-seqs 512 --port 8002
