#!/usr/bin/env bash
# serve boots with a value of its own, not the owner's: bench's is no
# drift from the owner's shape that either rule can say (no finding).
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
launch() { exec env MAX_BATCH_PREFILL_TOKENS="$1" text-generation-launcher --model-id "$MODEL_ID"; }
case "${1:-serve}" in
  serve) launch 16384 ;;
  bench) launch 4096 ;;
esac
