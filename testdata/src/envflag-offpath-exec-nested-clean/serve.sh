#!/usr/bin/env bash
# LOW=1's code tests FAST, which only adds a flag of no shape: LOW=1, with
# or without FAST, keeps the owner's --max-num-seqs.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${LOW:-0} == 1 ]] || exec vllm serve "$MODEL" "${args[@]}"
[[ ${FAST:-0} == 1 ]] && args+=(--enable-prefix-caching)
exec vllm serve "$MODEL" "${args[@]}" --enforce-eager
