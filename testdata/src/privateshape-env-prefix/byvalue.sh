#!/usr/bin/env bash
# Not exported: serve hands its launcher the owner's value by a prefix
# K="$K". bench's own value is reported, without a fix: deleted, its
# launcher would get no value at all.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" exec text-generation-launcher --model-id "$MODEL_ID" ;;
  bench) MAX_CONCURRENT_REQUESTS=256 exec text-generation-launcher --model-id "$MODEL_ID" ;; # want "bench sets its own MAX_CONCURRENT_REQUESTS=256 .*no fix: bench's path does not export MAX_CONCURRENT_REQUESTS from .*tgi.env"
esac
