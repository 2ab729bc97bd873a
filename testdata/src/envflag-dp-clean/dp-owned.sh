#!/usr/bin/env bash
# DP_ATTENTION=true turns data-parallel attention on with the owner's own
# DP_SIZE: serve does not pass --dp-size, yet no owned number differs.
set -euo pipefail
. "$(dirname "$0")/dp.env"
EXTRA_ARGS=()
if [[ ${DP_ATTENTION:-false} == true ]]; then
  EXTRA_ARGS+=(--enable-dp-attention --dp-size "$DP_SIZE")
fi
exec python3 -m sglang.launch_server --model-path "$MODEL" --max-running-requests "$MAX_NUM_SEQS" "${EXTRA_ARGS[@]}"
