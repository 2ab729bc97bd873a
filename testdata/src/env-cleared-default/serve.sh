#!/usr/bin/env bash
# The owner's MAX_CONCURRENT_REQUESTS=128 and CUDA_MEMORY_FRACTION=1.0 are
# the launcher's defaults: bare, whose cleared environment lacks them,
# boots with the same values, so only MAX_BATCH_PREFILL_TOKENS (no default
# the profile knows) is a drift.
set -euo pipefail
cd "$(dirname "$0")"
set -a
. ./tgi.env
set +a
case "${1:-serve}" in
  serve) exec text-generation-launcher --model-id "$MODEL_ID" ;;
  bare) exec env -i PATH="$PATH" text-generation-launcher --model-id "$MODEL_ID" ;; # want "bare's engine starts with a cleared environment that lacks MAX_BATCH_PREFILL_TOKENS .* where serve's reads 4096"
esac
