#!/usr/bin/env bash
# serve.env defaults USE_SPEC to 0 (USE_SPEC=${USE_SPEC:-0}): that is the
# written default (( USE_SPEC == 1 )) needs, so USE_SPEC=1 is a mode.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if (( USE_SPEC == 1 )); then args+=(--max-num-seqs 16); fi # want "USE_SPEC=1.*--max-num-seqs 16.*privateshape" "USE_SPEC=1 boots with --max-num-seqs 16 where serve boots with 64.*argvdrift"
exec vllm serve "$MODEL" "${args[@]}"
