#!/usr/bin/env bash
# CUDA_GRAPHS=0, the run that turns off a flag defaulting on, keeps the
# owner's --max-num-seqs and only adds a flag of its own.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${CUDA_GRAPHS:-1} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --enforce-eager
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
