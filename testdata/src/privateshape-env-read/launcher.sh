#!/usr/bin/env bash
# TGI's launcher reads MAX_CONCURRENT_REQUESTS from its environment when no
# --max-concurrent-requests is passed: bench's export sizes its boot though
# the argv is serve's.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) ;;
  bench) export MAX_CONCURRENT_REQUESTS=256 ;; # want "bench re-assigns the owner MAX_CONCURRENT_REQUESTS=256 inside the mode, and the engine reads MAX_CONCURRENT_REQUESTS from its environment as --max-concurrent-requests"
esac
exec text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS"
