#!/usr/bin/env bash
# A flag that defaults on: the default run keeps CUDA graphs and boots the
# owner's shape; CUDA_GRAPHS=0, the run that turns it off, takes the other
# path, which carries its own --max-num-seqs.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${CUDA_GRAPHS:-1} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs 32 --enforce-eager # want "^CUDA_GRAPHS=0 passes --max-num-seqs 32; .*serve.env:2 owns it as MAX_NUM_SEQS=256 \(privateshape\)" "^CUDA_GRAPHS=0 boots with --max-num-seqs 32 where serve boots with 256.*\(argvdrift\)"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
