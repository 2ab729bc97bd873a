#!/usr/bin/env bash
# LOW_MEM=1's boot, after the default one that ends the script, keeps the
# owner's --max-num-seqs and only adds a flag of its own.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${LOW_MEM:-0} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --enforce-eager
