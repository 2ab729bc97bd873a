#!/usr/bin/env bash
# Disaggregated serving: prefill and decode are different shapes on purpose;
# the role comes from the cluster, not from $1.
set -euo pipefail
ROLE=${ROLE:?set ROLE=prefill|decode}
if [[ "$ROLE" == prefill ]]; then
  FLAGS="--max-num-seqs 4 --max-num-batched-tokens 16384"
else
  FLAGS="--max-num-seqs 256 --max-num-batched-tokens 512"
fi
# shellcheck disable=SC2086
vllm serve "$MODEL" $FLAGS --kv-transfer-config "$KV_CONFIG"
