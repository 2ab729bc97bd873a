#!/usr/bin/env bash
# serve.env defaults EAGER off with : "${EAGER:=0}": the default
# [[ $EAGER == 1 ]] needs, so EAGER=1 is a mode. SPEC=${SPEC:-1} there
# defaults SPEC on: every run takes its branch, no mode of its own.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ $EAGER == 1 ]] && args+=(--max-num-seqs 16) # want "EAGER=1.*--max-num-seqs 16.*privateshape" "EAGER=1 boots with --max-num-seqs 16 where serve boots with 64.*argvdrift"
(( SPEC == 1 )) && args+=(--speculative-config '{"method":"ngram"}')
exec vllm serve "$MODEL" "${args[@]}"
