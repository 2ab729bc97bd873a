#!/usr/bin/env bash
# A toggle that passes an owned flag a number of its own is a mode
# carrying its own shape.
set -euo pipefail
. "$(dirname "$0")/serve.env"
EXTRA_ARGS=()
if [ "${DP_ATTENTION:-}" = "true" ]; then
  EXTRA_ARGS+=(--enable-dp-attention --dp-size 4) # want "DP_ATTENTION=true.*--dp-size 4.*privateshape" "DP_ATTENTION=true boots with --dp-size 4 where serve boots with 8.*argvdrift"
fi
exec python3 -m sglang.launch_server --model-path "$MODEL" --dp-size "$DP_SIZE" "${EXTRA_ARGS[@]}"
