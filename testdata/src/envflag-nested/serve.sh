#!/usr/bin/env bash
# The flag is tested inside the branch that holds the only launch: any
# boot runs it, so EVAL_ONLY=1 serve.sh is a mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ -z ${MODEL:-} ]]; then
  echo "MODEL is not set" >&2
  exit 1
else
  [[ ${EVAL_ONLY:-0} -eq 1 ]] && args+=(--max-num-seqs 8) # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
  exec vllm serve "$MODEL" "${args[@]}"
fi
