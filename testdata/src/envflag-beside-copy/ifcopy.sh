#!/usr/bin/env bash
# The same under an if: both findings point at the literal, not the test.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
SEQS=$MAX_NUM_SEQS
if [[ ${FAST:-0} == 1 ]]; then
  SEQS=32 # want "serve with FAST=1 passes --max-num-seqs 32 through the mode-local SEQS=32 \(line 8\).*privateshape" "serve with FAST=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
fi
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --seed 0 ;;
esac
