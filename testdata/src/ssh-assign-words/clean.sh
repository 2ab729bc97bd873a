#!/usr/bin/env bash
# ssh lines whose engine boots with serve's shape or runs nothing read:
# the owner's value as the host's prefix; assignments alone (no command:
# the host's shell only sets them); a value with a blank, which ssh's
# joining splits again on the host.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) ssh gpu1 text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  same) ssh gpu1 MAX_CONCURRENT_REQUESTS=128 text-generation-launcher --model-id /m ;;
  only) ssh gpu1 MAX_CONCURRENT_REQUESTS=64 ;;
  split) ssh gpu1 "MAX_CONCURRENT_REQUESTS=64 64" text-generation-launcher --model-id /m ;;
  *) exit 2 ;;
esac
