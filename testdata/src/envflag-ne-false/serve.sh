#!/usr/bin/env bash
# Any value but false turns FAST on; FAST=true names the mode.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[ "${FAST:-false}" != false ] && args+=(--max-num-seqs 8) # want "FAST=true.*--max-num-seqs 8.*privateshape" "FAST=true boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
