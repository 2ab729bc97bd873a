#!/bin/bash
# A flag with code on its off path too: the || line is the flag's else
# (it runs in serve), not a read of FAST as data, so FAST=1 is a mode.
set -euo pipefail
source "$(dirname "$0")/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16) # want "FAST=1 passes a second --max-num-seqs 16" "FAST=1 boots with --max-num-seqs 16 where serve boots with 64"
[[ ${FAST:-0} == 1 ]] || args+=(--enable-chunked-prefill)
exec vllm serve /m "${args[@]}"
