#!/usr/bin/env bash
# The same as an if, the default true: the default boot ends the script,
# what follows is CUDA_GRAPHS=false's.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
if [ "${CUDA_GRAPHS:-true}" = true ]; then
  exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
fi
exec vllm serve "$MODEL" --max-num-seqs 32 --enforce-eager # want "^CUDA_GRAPHS=false passes --max-num-seqs 32; .*serve.env:2 owns it as MAX_NUM_SEQS=256 \(privateshape\)" "^CUDA_GRAPHS=false boots with --max-num-seqs 32 where serve boots with 256.*\(argvdrift\)"
