#!/usr/bin/env bash
# tune is called only when a file exists, and setup's flag is read for its
# value: neither FAST nor SEQS is a mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
tune() {
  [[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16)
}
setup() {
  [[ -n ${SEQS:-} ]] && args+=(--max-num-seqs "$SEQS")
}
[[ -f tune.conf ]] && tune
setup
exec vllm serve "$MODEL" "${args[@]}"
