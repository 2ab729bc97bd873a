#!/usr/bin/env bash
# The pod's engine gets the pod's environment, not this shell's: bench's
# export of the owner's key never reaches it (no finding, where the same
# export before a local launcher is one).
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) kubectl exec tgi-0 -- text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  bench) export MAX_CONCURRENT_REQUESTS=64; kubectl exec tgi-0 -- text-generation-launcher --model-id /m ;;
esac
