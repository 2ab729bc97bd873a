#!/usr/bin/env bash
# The host's engine gets the host's environment through sshpass too: the
# export of the owner's key never reaches it (no finding).
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) sshpass -e ssh gpu1 text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  bench) export MAX_CONCURRENT_REQUESTS=64; sshpass -e ssh gpu1 text-generation-launcher --model-id /m ;;
  str) export MAX_CONCURRENT_REQUESTS=64; sshpass -e ssh gpu1 "text-generation-launcher --model-id /m" ;;
esac
