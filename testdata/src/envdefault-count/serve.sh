#!/usr/bin/env bash
# A count and a debug switch with their own defaults are no mode
# selectors: their defaults name no mode.
. "$(dirname "$0")/serve.env"
REPLICAS="${REPLICAS:-1}"
DEBUG="${DEBUG:-0}"
if [[ $DEBUG == 1 ]]; then
  exec vllm serve "$MODEL" --max-num-seqs 4 --enforce-eager
fi
if [ "$REPLICAS" = 2 ]; then
  exec vllm serve "$MODEL" --max-num-seqs 64
fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
