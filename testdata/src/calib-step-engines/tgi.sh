#!/usr/bin/env bash
# TGI's step is MAX_BATCH_PREFILL_TOKENS, read from the environment: calib
# raising it to its document length is its own knob, no drift (no
# finding).
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) ;;
  calib) MAX_BATCH_PREFILL_TOKENS=$((MAX_BATCH_PREFILL_TOKENS * 4)) ;;
esac
exec text-generation-launcher --model-id "$MODEL_ID"
