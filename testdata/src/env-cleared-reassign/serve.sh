#!/usr/bin/env bash
# half re-assigns the owner and hands it to a cleared environment by its
# own "$K" word: one mistake, one finding (it was reported twice, once as
# the re-assignment the engine reads exported, once as the word's own
# value). Deleting the re-assignment boots half with the owner's 8192.
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) exec text-generation-launcher --model-id "$MODEL_ID" ;;
  half) MAX_BATCH_PREFILL_TOKENS=4096; exec env -i PATH="$PATH" MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id "$MODEL_ID" ;; # want "half re-assigns the owner MAX_BATCH_PREFILL_TOKENS=4096 inside the mode and hands it to MAX_BATCH_PREFILL_TOKENS=.*so it boots with 4096 where serve boots with the owner.s"
esac
