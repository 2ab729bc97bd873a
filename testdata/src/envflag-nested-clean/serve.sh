#!/usr/bin/env bash
# The flag is tested in a branch whose condition no flag decides, and the
# launch is outside it: FAST=1 may change nothing. No mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ -e /dev/nvidia7 ]]; then
  [[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16)
fi
exec vllm serve "$MODEL" "${args[@]}"
