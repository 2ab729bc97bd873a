#!/usr/bin/env bash
# The else of a mode test is the other modes' code: it does not override
# bench's own value. A default in a block ({ X=…; }) is a default too.
. "$(dirname "$0")/v.env"
MODE=${1:-serve}
if [[ $MODE == bench ]]; then
  SEQS=256 # want "bench passes --max-num-seqs 256 through the mode-local SEQS=256" "bench boots with --max-num-seqs 256 where serve boots with 64"
else
  SEQS=$VLLM_MAX_NUM_SEQS
fi
[[ -z ${VLLM_MAX_NUM_SEQS:-} ]] && { VLLM_MAX_NUM_SEQS=32; echo "default seats" >&2; }
exec vllm serve /m --max-num-seqs "$SEQS"
