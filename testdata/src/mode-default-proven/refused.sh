#!/usr/bin/env bash
# The default names serve, but the script refuses every word it does not
# test (the catch-all arm exits): serve boots nothing, so it is no mode and
# bench stays the proven one.
set -euo pipefail
. "$(dirname "$0")/s.env"
cmd=(python3 -m sglang.launch_server --model-path /m --max-running-requests "$SGL_MAX_RUNNING_REQUESTS")
case "${1:-serve}" in
  bench) cmd+=(--enable-metrics) ;;
  kl) cmd+=(--return-logprob) ;;
  *) echo "usage: $0 bench|kl" >&2; exit 2 ;;
esac
exec "${cmd[@]}"
