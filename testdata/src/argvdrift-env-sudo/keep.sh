#!/usr/bin/env bash
# sudo --preserve-env=K hands K on: half's engine boots with its own value.
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) port=8080 ;;
  half) port=8081; MAX_BATCH_PREFILL_TOKENS=$((MAX_BATCH_PREFILL_TOKENS / 2)) ;; # want "half's engine reads MAX_BATCH_PREFILL_TOKENS=4096 from its environment .*where serve's reads 8192"
esac
exec sudo --preserve-env=MAX_BATCH_PREFILL_TOKENS -u tgi text-generation-launcher --model-id "$MODEL_ID" --port "$port"
