#!/usr/bin/env bash
# An if/elif chain of flags: each arm is its flag's mode (EVAL_ONLY=1,
# FAST=1), the else the proven mode's alone.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ ${EVAL_ONLY:-0} == 1 ]]; then
  args+=(--max-num-seqs 8) # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
elif [[ ${FAST:-0} -eq 1 ]]; then
  args+=(--max-num-seqs 16) # want "FAST=1.*--max-num-seqs 16.*privateshape" "FAST=1 boots with --max-num-seqs 16 where serve boots with 64.*argvdrift"
else
  args+=(--enable-prefix-caching)
fi
exec vllm serve "$MODEL" "${args[@]}"
