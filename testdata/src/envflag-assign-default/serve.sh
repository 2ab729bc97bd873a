#!/usr/bin/env bash
# A flag's default written by := inside its test (${FAST:=0}) leaves it
# off as ${FAST:-0} does: FAST=1 is a mode, and its own --max-num-seqs
# overrides the owner's. The fix keeps the test, whose := the later bare
# read of $FAST needs under set -u.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${FAST:=0} == 1 ]] && args+=(--max-num-seqs 32) # want "FAST=1 passes a second --max-num-seqs 32 that overrides the shared one.*privateshape" "FAST=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
[[ $FAST == 1 ]] && args+=(--enable-prefix-caching)
exec vllm serve "$MODEL" "${args[@]}"
