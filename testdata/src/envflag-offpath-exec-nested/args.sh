#!/usr/bin/env bash
# The same with an argv array: LOW=1, when FAST=1, overrides the owner.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${LOW:-0} == 1 ]] || exec vllm serve "$MODEL" "${args[@]}"
[[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 32) # want "^LOW=1, when FAST=1, passes a second --max-num-seqs 32 that overrides the shared one; .*serve.env:2 owns it as MAX_NUM_SEQS=256 \(privateshape\)"
exec vllm serve "$MODEL" "${args[@]}" --enforce-eager
