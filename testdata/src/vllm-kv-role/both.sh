#!/bin/bash
# kv_both is no role: a kl mode whose instance both saves and loads KV is a
# scoring mode like any other, and its 4 seats are compared.
. "$(dirname "$0")/pd.env"
case "$1" in
  serve) seqs=$PD_MAX_NUM_SEQS ;;
  kl) seqs=4 ;; # want "kl passes --max-num-seqs 4 through the mode-local seqs=4" "kl boots with --max-num-seqs 4 where serve boots with 128"
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$PD_MAX_NUM_BATCHED_TOKENS" \
  --kv-transfer-config '{"kv_connector":"LMCacheConnectorV1","kv_role":"kv_both"}'
