#!/usr/bin/env bash
# serve's own arm sets the copy from the owner again after FAST's literal:
# serve with FAST=1 runs that arm too and boots the owner's value.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
SEQS=$MAX_NUM_SEQS
[[ ${FAST:-0} != 1 ]] || SEQS=32
case "${1:-serve}" in
  serve) SEQS=$MAX_NUM_SEQS; exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
esac
