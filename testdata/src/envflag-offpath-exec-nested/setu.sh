#!/usr/bin/env bash
# FAST read with no default under set -u: LOW=1's run leaves it off, as
# empty (FAST='' LOW=1 setu.sh), not unset, which the dry run would read
# as the caller's placeholder, turning it on: LOW=1 alone boots the
# owner's --max-num-seqs, only LOW=1 with FAST set passes 32.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${LOW:-0} == 1 ]] || exec vllm serve "$MODEL" "${args[@]}"
[[ -n $FAST ]] && args+=(--max-num-seqs 32) # want "^LOW=1, when FAST is set, passes a second --max-num-seqs 32 that overrides the shared one; .*serve.env:2 owns it as MAX_NUM_SEQS=256 \(privateshape\)$"
exec vllm serve "$MODEL" "${args[@]}" --enforce-eager
