#!/usr/bin/env bash
# half halves the step on the engine's own command; the prefix on the
# report client after the boot is that program's alone: the finding points
# at the engine's, not the client's.
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve)
    text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  half)
    MAX_BATCH_PREFILL_TOKENS=$((MAX_BATCH_PREFILL_TOKENS / 2)) text-generation-launcher --model-id "$MODEL_ID" --port 8080 & # want "half's engine reads MAX_BATCH_PREFILL_TOKENS=4096 from its environment"
    sleep 60
    MAX_BATCH_PREFILL_TOKENS=0 python3 report.py --tag half
    wait ;;
esac
