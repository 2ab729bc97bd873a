#!/usr/bin/env bash
# The role from the environment with a default, picked by a case.
set -euo pipefail
. "$(dirname "$0")/pd.env"
ROLE=${ROLE:-prefill}
case $ROLE in
  prefill) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8100 ;;
  decode) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_SEQS" --port 8200 ;; # want "decode passes --max-num-batched-tokens \"\$MAX_NUM_SEQS\" from MAX_NUM_SEQS=128 .*, not from its owner"
esac
