#!/usr/bin/env bash
# The host's engine gets the host's environment, not this shell's:
# bench's export of the owner's key never reaches it (no finding, as for
# kubectl exec's pod), in the argv form and in a shell string alike.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) ssh gpu1 text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  bench) export MAX_CONCURRENT_REQUESTS=64; ssh gpu1 text-generation-launcher --model-id /m ;;
  str) export MAX_CONCURRENT_REQUESTS=64; ssh gpu1 "text-generation-launcher --model-id /m" ;;
esac
