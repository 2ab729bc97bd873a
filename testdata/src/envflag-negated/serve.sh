#!/usr/bin/env bash
# Negated tests of a flag read as their positive forms: the branch run with
# the flag set is its mode's.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
[[ -z ${FAST:-} ]] || args+=(--max-num-seqs 16) # want "FAST=1.*--max-num-seqs 16.*privateshape" "FAST=1 boots with --max-num-seqs 16 where serve boots with 64.*argvdrift"
if [[ ! ${EVAL_ONLY:-0} == 1 ]]; then
  args+=(--enable-prefix-caching)
else
  args+=(--max-num-seqs 8) # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
fi
[[ ${CALIB_RUN:-0} != 1 ]] || args+=(--max-num-batched-tokens 4096) # want "CALIB_RUN=1.*--max-num-batched-tokens 4096"
exec vllm serve "$MODEL" "${args[@]}"
