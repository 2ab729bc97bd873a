#!/usr/bin/env bash
# FAST's literal is overwritten from the owner before any launch reads the
# copy: serve with FAST=1 boots the owner's value (a dead assignment, not a
# private shape).
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
SEQS=16
[[ ${FAST:-0} != 1 ]] || SEQS=32
SEQS=$MAX_NUM_SEQS
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --seed 0 ;;
esac
