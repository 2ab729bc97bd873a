#!/usr/bin/env bash
# FAST's default written by := inside its test: FAST=1 turns on prefix
# caching, no number of the shape, so it boots clean. NUM_GPUS's default
# (:=8) is a count, no switch: compared with 1 it makes no mode.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${FAST:=0} == 1 ]] && args+=(--enable-prefix-caching)
[[ ${NUM_GPUS:=8} == 1 ]] && args+=(--enforce-eager)
exec vllm serve "$MODEL" "${args[@]}"
