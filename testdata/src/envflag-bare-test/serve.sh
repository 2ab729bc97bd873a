#!/usr/bin/env bash
# [[ $EVAL_ONLY ]] is true once EVAL_ONLY is set: EVAL_ONLY=1 serve.sh is a mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ $EVAL_ONLY ]] && args+=(--max-num-seqs 8) # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
