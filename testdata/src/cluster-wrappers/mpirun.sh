#!/bin/bash
# mpirun's --mca takes two words (NAME VALUE); MPICH's -genv too.
set -euo pipefail
. "$(dirname "$0")/cluster.env"
case "$1" in
  serve) step=$CW_MAX_NUM_BATCHED_TOKENS ;;
  bench) step=16384 ;; # want "bench passes --max-num-batched-tokens 16384 through the mode-local step=16384" "bench boots with --max-num-batched-tokens 16384 where serve boots with 4096"
  *) exit 2 ;;
esac
mpirun --allow-run-as-root --mca btl ^openib --mca pml ucx -np 1 --oversubscribe \
  mpiexec -genv CUDA_VISIBLE_DEVICES 0,1 -n 1 \
  python3 -m vllm.entrypoints.openai.api_server --model /models/m \
  --max-num-seqs "$CW_MAX_NUM_SEQS" --max-num-batched-tokens "$step"
