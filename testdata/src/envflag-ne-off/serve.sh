#!/usr/bin/env bash
# Any value but the default 0 turns EVAL_ONLY on: EVAL_ONLY=1 serve.sh is a mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ ${EVAL_ONLY:-0} != 0 ]]; then args+=(--max-num-seqs 8); fi # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
