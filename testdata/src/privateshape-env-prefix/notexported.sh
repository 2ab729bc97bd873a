#!/usr/bin/env bash
# Sourced plainly and never exported: serve's launcher gets no
# MAX_CONCURRENT_REQUESTS, so it does not boot with the owner's value, and
# bench's own is no drift from it (no finding). Nor is a proven mode's own.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) MAX_CONCURRENT_REQUESTS=128 exec text-generation-launcher --model-id "$MODEL_ID" ;;
  bench) MAX_CONCURRENT_REQUESTS=256 exec text-generation-launcher --model-id "$MODEL_ID" ;;
esac
