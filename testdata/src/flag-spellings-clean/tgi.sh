#!/bin/bash
# TGI's launcher (clap) takes --f V, --f=V, and the variable it reads the
# flag from when the argv does not pass it: one shape. Must stay clean.
. "$(dirname "$0")/owners.env"
case "$1" in
  serve) exec text-generation-launcher --model-id /m --max-batch-total-tokens "$T_MAX_BATCH_TOTAL_TOKENS" --max-concurrent-requests "$T_MAX_CONCURRENT_REQUESTS" ;;
  kl) exec text-generation-launcher --model-id /m --max-batch-total-tokens="$T_MAX_BATCH_TOTAL_TOKENS" --max-concurrent-requests="$T_MAX_CONCURRENT_REQUESTS" --port 1 ;;
  eval) MAX_BATCH_TOTAL_TOKENS=$T_MAX_BATCH_TOTAL_TOKENS MAX_CONCURRENT_REQUESTS=$T_MAX_CONCURRENT_REQUESTS exec text-generation-launcher --model-id /m --port 2 ;;
esac
