#!/bin/bash
# CUDA_GRAPHS=${CUDA_GRAPHS:-true} first, then the default boot ends the
# script: what follows is CUDA_GRAPHS=false's, with its own --max-num-seqs.
set -euo pipefail
. "$(dirname "$0")/serve.env"
CUDA_GRAPHS=${CUDA_GRAPHS:-true}
if [ "$CUDA_GRAPHS" = true ]; then
  exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS"
fi
exec vllm serve /m --max-num-seqs 32 --enforce-eager # want "^CUDA_GRAPHS=false passes --max-num-seqs 32; .*serve.env:1 owns it as MAX_NUM_SEQS=64 \(privateshape\)" "^CUDA_GRAPHS=false boots with --max-num-seqs 32 where serve boots with 64.*\(argvdrift\)"
