#!/usr/bin/env bash
# A guard lets only bench and kl through: serve, the default, exits.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODE=${1:-serve}
[[ $MODE == bench || $MODE == kl ]] || { echo "usage: $0 bench|kl" >&2; exit 2; }
cmd=(python3 -m sglang.launch_server --model-path /m --max-running-requests "$SGL_MAX_RUNNING_REQUESTS")
[[ $MODE == kl ]] && cmd+=(--return-logprob)
exec "${cmd[@]}"
