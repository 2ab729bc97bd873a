#!/usr/bin/env bash
# env $(…) cmd hands tgi.env to the launcher only.
set -euo pipefail
cd "$(dirname "$0")"
MODE=${MODE:-serve}
case "$MODE" in
  serve)
    exec env $(grep -v '^#' tgi.env | xargs) text-generation-launcher --port 8080 ;;
  eval)
    exec env $(grep -v '^#' tgi.env | xargs) text-generation-launcher --port 8081 --max-batch-prefill-tokens 8192 ;; # want "eval passes --max-batch-prefill-tokens 8192; .*tgi.env:3 owns it as MAX_BATCH_PREFILL_TOKENS=4096 \(no fix" "eval boots with --max-batch-prefill-tokens 8192 where serve's engine reads MAX_BATCH_PREFILL_TOKENS=4096 from its environment"
  *) exit 2 ;;
esac
