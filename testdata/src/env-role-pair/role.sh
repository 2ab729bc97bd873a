#!/usr/bin/env bash
# The role comes from the environment, required (ROLE=prefill ./role.sh):
# no arm is serve, but prefill and decode are the instance's roles.
set -euo pipefail
. "$(dirname "$0")/pd.env"
ROLE=${ROLE:?set ROLE=prefill|decode}
args=(vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
if [[ $ROLE == prefill ]]; then
  args+=(--port 8100)
elif [[ $ROLE == decode ]]; then
  args+=(--port 8200 --max-num-batched-tokens "$MAX_NUM_SEQS") # want "decode passes --max-num-batched-tokens \"\$MAX_NUM_SEQS\" from MAX_NUM_SEQS=128 .*, not from its owner"
fi
exec "${args[@]}"
