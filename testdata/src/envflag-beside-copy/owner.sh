#!/usr/bin/env bash
# The owner itself re-assigned under a flag beside the dispatch.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${FAST:-0} == 1 ]] && MAX_NUM_SEQS=32 # want "serve with FAST=1 re-assigns the owner MAX_NUM_SEQS=32 inside the mode under a condition.*privateshape" "serve with FAST=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
esac
