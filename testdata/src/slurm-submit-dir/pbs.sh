#!/bin/bash
#PBS -l select=1:ngpus=1
# PBS's PBS_O_WORKDIR is the submit directory too: a clean job.
set -euo pipefail
cd "$PBS_O_WORKDIR"
. ./pbs.env
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8000 ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8001 ;;
esac
