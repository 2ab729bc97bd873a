#!/usr/bin/env bash
# The launcher's prefill is its second argument, the owner's where a call
# passes none: serve's and bench's boots take the owner's, the sweep's one
# boot per value it loops over (no finding), and big's literal is its own
# (privateshape, at the literal; the fix writes the owner there).
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
launch() {
  local prefill=${2:-$MAX_BATCH_PREFILL_TOKENS}
  env MAX_BATCH_PREFILL_TOKENS="$prefill" text-generation-launcher --model-id "$MODEL_ID" --port "$1"
}
case "${1:-serve}" in
  serve) launch 8080 ;;
  bench) launch 8081 "" ;;
  big) launch 8083 16384 ;; # want "big hands its own 16384 through prefill=..2:-.MAX_BATCH_PREFILL_TOKENS. .line 10. to MAX_BATCH_PREFILL_TOKENS=.\$prefill. .line 11, env on the engine's command."
  sweep) for p in 2048 4096; do launch 8082 "$p" & done; wait ;;
esac
