#!/usr/bin/env bash
# The same launcher with a prefix assignment on the engine's command, its
# value a variable each mode sets: bench's literal is reported where it is
# written; serve's copy of the owner is the owner.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
launch() {
  MAX_BATCH_PREFILL_TOKENS="$prefill" exec text-generation-launcher --model-id "$MODEL_ID"
}
case "${1:-serve}" in
  serve) prefill=$MAX_BATCH_PREFILL_TOKENS; launch ;;
  bench) prefill=4096; launch ;; # want "bench hands its own 4096 through the mode-local prefill=4096 .line 13. to MAX_BATCH_PREFILL_TOKENS=.\$prefill. .line 9, a prefix assignment on the engine's command."
esac
