#!/usr/bin/env bash
# The same without set -a: the owner is not exported, only the env word
# hands it to the engine; one finding there as well.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) exec env -i PATH="$PATH" MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id "$MODEL_ID" ;;
  half) MAX_BATCH_PREFILL_TOKENS=4096; exec env -i PATH="$PATH" MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id "$MODEL_ID" ;; # want "half re-assigns the owner MAX_BATCH_PREFILL_TOKENS=4096 inside the mode and hands it to"
esac
