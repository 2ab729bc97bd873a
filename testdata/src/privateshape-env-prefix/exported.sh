#!/usr/bin/env bash
# Sourced plainly, then exported by a naked export: serve's launcher reads
# the owner's value. env -i starts the launcher with no environment but
# what it names: without iso's own value it would get none, so no fix.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
export MAX_CONCURRENT_REQUESTS
case "${1:-serve}" in
  serve) exec text-generation-launcher --model-id "$MODEL_ID" ;;
  bench) MAX_CONCURRENT_REQUESTS=256 exec text-generation-launcher --model-id "$MODEL_ID" ;; # want "bench sets its own MAX_CONCURRENT_REQUESTS=256"
  iso) exec env -i PATH="$PATH" MAX_CONCURRENT_REQUESTS=256 text-generation-launcher --model-id "$MODEL_ID" ;; # want "iso sets its own MAX_CONCURRENT_REQUESTS=256 .env on the engine's command.* .no fix: the environment is cleared before it"
esac
