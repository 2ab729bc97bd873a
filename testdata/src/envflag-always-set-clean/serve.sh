#!/usr/bin/env bash
# A test true with the flag unset (its default 0 is a set value) runs in serve too: no mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ -n ${FAST:-0} ]] && args+=(--max-num-seqs 16)
EAGER=${EAGER:-0}
[[ $EAGER ]] && args+=(--max-num-seqs 16)
exec vllm serve "$MODEL" "${args[@]}"
