#!/usr/bin/env bash
# The script's own default written by := (: "${V:=0}", : ${V:=0},
# V=${V:=0}) leaves each flag off as V=${V:-0} does: each is a mode.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
: "${FAST:=0}"
: ${EVAL_ONLY:=0}
SMALL=${SMALL:=0}
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ $FAST == 1 ]] && args+=(--max-num-seqs 16) # want "FAST=1.*--max-num-seqs 16.*privateshape" "FAST=1 boots with --max-num-seqs 16 where serve boots with 64.*argvdrift"
[ "$EVAL_ONLY" = 1 ] && args+=(--max-num-seqs 8) # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
if [[ $SMALL == 1 ]]; then args+=(--max-num-seqs 4); fi # want "SMALL=1.*--max-num-seqs 4.*privateshape" "SMALL=1 boots with --max-num-seqs 4 where serve boots with 64.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
