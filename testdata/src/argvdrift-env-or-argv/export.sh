#!/usr/bin/env bash
# The same with serve's export: bench silent.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) export MAX_TOTAL_TOKENS=$TGI_MAX_TOTAL_TOKENS; exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  bench) exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 --max-total-tokens "$TGI_MAX_TOTAL_TOKENS" ;;
esac
