#!/usr/bin/env bash
# A copy of the owner changed under a flag beside the dispatch by $1: serve
# with FAST=1 runs serve's launch line, whose "$SEQS" its own code set to
# a literal.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
SEQS=$MAX_NUM_SEQS
[[ ${FAST:-0} != 1 ]] || SEQS=32 # want "serve with FAST=1 passes --max-num-seqs 32 through the mode-local SEQS=32 \(line 9\) to --max-num-seqs \(line 11\).*privateshape" "serve with FAST=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --seed 0 ;;
esac
