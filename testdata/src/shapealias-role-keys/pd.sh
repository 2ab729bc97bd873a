#!/usr/bin/env bash
# Prefill and decode each read their own key into MNBT: no alias of the
# decode key (rewriting $MNBT to it would boot prefill with decode's step).
set -euo pipefail
. "$(dirname "$0")/pd.env"
case "${ROLE:?}" in
  prefill)
    MNBT=$PREFILL_MAX_NUM_BATCHED_TOKENS
    KV='{"kv_connector":"NixlConnector","kv_role":"kv_producer"}' ;;
  decode)
    MNBT=$DECODE_MAX_NUM_BATCHED_TOKENS
    KV='{"kv_connector":"NixlConnector","kv_role":"kv_consumer"}' ;;
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-batched-tokens "$MNBT" --kv-transfer-config "$KV"
