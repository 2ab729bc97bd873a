#!/usr/bin/env bash
# serve hands the launcher a literal of its own, not the owner's: its boot
# is not the owner's either, so bench's value is no drift from it that the
# script can say (no finding). Nor is a prefill role's own number.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
launch() { exec env MAX_BATCH_PREFILL_TOKENS="$1" text-generation-launcher --model-id "$MODEL_ID"; }
case "${1:-serve}" in
  serve) launch 8192 ;;
  bench) launch 4096 ;;
esac
