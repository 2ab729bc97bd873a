#!/usr/bin/env bash
# A count defaulting to 1, used as data on the other path: no flag, and
# the multi-node launch is no mode of its own.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${NNODES:-1} == 1 ]] || exec torchrun --nnodes "$NNODES" -m vllm.entrypoints.openai.api_server --model "$MODEL" --max-num-seqs 32
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
