#!/usr/bin/env bash
# An if/elif chain on the mode whose else exits: serve, the default, exits.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODE=${1:-serve}
cmd=(python3 -m sglang.launch_server --model-path /m --max-running-requests "$SGL_MAX_RUNNING_REQUESTS")
if [[ $MODE == bench ]]; then
  cmd+=(--enable-metrics)
elif [[ $MODE == kl ]]; then
  cmd+=(--return-logprob)
else
  echo "usage: $0 bench|kl" >&2; exit 2
fi
exec "${cmd[@]}"
