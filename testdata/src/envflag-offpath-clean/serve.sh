#!/bin/bash
# Off paths alone make no mode: a required token, and a toggle whose
# only branch runs with it unset and adds no shape flag.
set -euo pipefail
source "$(dirname "$0")/serve.env"
[[ -z ${HF_TOKEN:-} ]] && { echo "set HF_TOKEN" >&2; exit 1; }
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${EAGER:-0} == 1 ]] || args+=(--enable-chunked-prefill)
exec vllm serve /m "${args[@]}"
