#!/usr/bin/env bash
# The modes are picked by $1; FAST=1 beside them turns on prefix caching,
# which changes no number of the proven shape: serve with FAST=1 boots
# clean.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
case "${1:-serve}" in
  serve) ;;
  bench) args+=(--disable-log-requests) ;;
esac
if [[ ${FAST:-0} == 1 ]]; then
  args+=(--enable-prefix-caching)
fi
exec vllm serve "$MODEL" "${args[@]}"
