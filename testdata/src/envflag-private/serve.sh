#!/usr/bin/env bash
# EVAL_ONLY=1 serve.sh is a mode of its own, picked by a boolean flag from
# the environment: it must boot the proven shape (the script run with no
# flag), yet carries its own --max-num-seqs.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ ${EVAL_ONLY:-0} == 1 ]]; then args+=(--max-num-seqs 8); fi # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
