#!/usr/bin/env bash
# A --fix that deletes a statement's line keeps the line's trailing comment
# (a person's word), on its own line at the statement's indentation. The
# want annotations live in want.txt so that the golden shows only that.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
case "${1:-serve}" in
  serve) ;;
  bench) args+=(--disable-log-requests) ;;
esac
[[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 8) # FAST trades quality for latency
if [[ ${SLOW:-0} == 1 ]]; then
  echo "slow: one seat per tenant" >&2
  args+=(--max-num-seqs 4)   # SLOW keeps one seat per tenant
fi
exec vllm serve "$MODEL" "${args[@]}"
