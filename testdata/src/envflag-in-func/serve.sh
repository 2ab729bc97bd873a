#!/usr/bin/env bash
# build_args, called by the top level before the launch, tests the flag:
# EVAL_ONLY=1 serve.sh is a mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
build_args() {
  args=(--max-num-seqs "$MAX_NUM_SEQS")
  if [[ -n ${EVAL_ONLY:-} ]]; then
    args+=(--max-num-seqs 8) # want "EVAL_ONLY=1.*--max-num-seqs 8.*privateshape" "EVAL_ONLY=1 boots with --max-num-seqs 8 where serve boots with 64.*argvdrift"
  fi
}
build_args
exec vllm serve "$MODEL" "${args[@]}"
