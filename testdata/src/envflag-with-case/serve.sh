#!/usr/bin/env bash
# The modes are picked by $1; FAST=1 beside them is the proven mode's run
# with the flag set (serve with FAST=1: FAST=1 serve.sh serve), which must
# boot the proven shape, yet carries its own --max-num-seqs.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
case "${1:-serve}" in
  serve) ;;
  bench) args+=(--disable-log-requests) ;;
esac
[[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 8) # want "serve with FAST=1.*--max-num-seqs 8.*privateshape" "serve with FAST=1.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
