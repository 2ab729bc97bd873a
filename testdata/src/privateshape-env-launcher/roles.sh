#!/usr/bin/env bash
# Prefill and decode are other shapes by design: a role's own value is
# its shape, not a private copy (no finding).
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
launch() { exec env MAX_BATCH_PREFILL_TOKENS="$1" text-generation-launcher --model-id "$MODEL_ID"; }
case "${1:-serve}" in
  serve) launch "$MAX_BATCH_PREFILL_TOKENS" ;;
  prefill) launch 16384 ;;
  decode) launch 1024 ;;
esac
