#!/usr/bin/env bash
# Beside a dispatch by $1: serve with LOW_MEM=1 boots the rest.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
case "${1:-serve}" in
  serve) ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
esac
[[ ${LOW_MEM:-0} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
exec vllm serve "$MODEL" --max-num-seqs 32 # want "serve with LOW_MEM=1 passes --max-num-seqs 32.*privateshape" "serve with LOW_MEM=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
