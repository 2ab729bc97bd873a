#!/usr/bin/env bash
# FAST's own default turns it on (: "${FAST:=1}"): serve boots with
# --max-num-seqs 16, a choice of its own, and FAST=1 is no mode. SMALL's
# default comes from another variable: SMALL is no switch either.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
: "${FAST:=1}"
: "${SMALL:=$DEFAULT_SMALL}"
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ $FAST == 1 ]] && args=(--max-num-seqs 16)
[[ ${SMALL:-0} == 1 ]] && args=(--max-num-seqs 4)
exec vllm serve "$MODEL" "${args[@]}"
