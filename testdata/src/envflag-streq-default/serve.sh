#!/usr/bin/env bash
# [[ $V == 1 ]] with a default of 0 written somewhere, in the script's own
# V=${V:-0} or in another test of V, is a flag: each is a mode of its own.
set -eo pipefail # no -u: the bare reads are of unset flags
cd "$(dirname "$0")"
source serve.env
FAST=${FAST:-0}
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ $FAST == 1 ]] && args+=(--max-num-seqs 16) # want "FAST=1.*--max-num-seqs 16.*privateshape" "FAST=1 boots with --max-num-seqs 16 where serve boots with 64.*argvdrift"
[[ ${EVAL_ONLY:-0} == 1 ]] && args+=(--enforce-eager)
[ "$EVAL_ONLY" = 1 ] && args+=(--max-num-seqs 8) # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
