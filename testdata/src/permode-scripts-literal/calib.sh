#!/usr/bin/env bash
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 65536
