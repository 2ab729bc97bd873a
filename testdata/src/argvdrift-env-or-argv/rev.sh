#!/usr/bin/env bash
# The other way round: serve passes the flag, bench hands the same value
# through the environment (silent; it was "bench boots without
# --max-total-tokens where serve passes 16384"), kl its own 8192.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 --max-total-tokens "$TGI_MAX_TOTAL_TOKENS" ;;
  bench) MAX_TOTAL_TOKENS=$TGI_MAX_TOTAL_TOKENS exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  kl) MAX_TOTAL_TOKENS=8192 exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;; # want "kl's engine reads MAX_TOTAL_TOKENS=8192 from its environment \(as --max-total-tokens, which its argv does not pass\) where serve boots with --max-total-tokens 16384"
esac
