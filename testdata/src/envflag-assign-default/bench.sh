#!/usr/bin/env bash
# The same beside a dispatch by $1: serve with FAST=1.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ ${FAST:=false} == true ]]; then
  args+=(--max-num-seqs 32) # want "serve with FAST=true passes a second --max-num-seqs 32 that overrides the shared one.*privateshape" "serve with FAST=true boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
fi
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" "${args[@]}" ;;
  bench) exec vllm serve "$MODEL" "${args[@]}" --seed 0 ;;
esac
