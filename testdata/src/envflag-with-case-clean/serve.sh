#!/usr/bin/env bash
# The modes are picked by $1; a flag beside them is left alone (which
# mode it combines with is not known statically).
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
case "${1:-serve}" in
  serve) ;;
  bench) args+=(--disable-log-requests) ;;
esac
if [[ ${FAST:-0} == 1 ]]; then args+=(--max-num-seqs 8); fi
exec vllm serve "$MODEL" "${args[@]}"
