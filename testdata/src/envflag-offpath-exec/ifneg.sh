#!/usr/bin/env bash
# The off path as the then of a negated if with no else.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
if [[ ${LOW_MEM:-0} != 1 ]]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
fi
exec vllm serve "$MODEL" --max-num-seqs 32 # want "LOW_MEM=1 passes --max-num-seqs 32.*privateshape" "LOW_MEM=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
