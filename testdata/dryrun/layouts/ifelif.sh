#!/usr/bin/env bash
# if/elif dispatch on "$1", vLLM launcher, config from a sourced env file.
set -euo pipefail
cd "$(dirname "$0")"
source ./vllm.env

if [ "$1" = "serve" ]; then
  seqs=$VLLM_MAX_NUM_SEQS
  step=$VLLM_MAX_BATCHED_TOKENS
elif [[ $1 == bench* ]]; then
  seqs=64
  step=16384
else
  echo "usage: $0 serve|bench" >&2
  exit 2
fi

exec vllm serve "$VLLM_MODEL" \
  --tensor-parallel-size "$VLLM_TP" \
  --max-num-seqs "$seqs" \
  --max-num-batched-tokens "$step" \
  --port 8000
