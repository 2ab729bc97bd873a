#!/bin/bash
# Disaggregated vLLM: the prefill instance runs two data-parallel replicas
# of its own, the decode instance the file's eight. Roles have shapes of
# their own on purpose: no finding for -dp 2 or -pp 1.
set -eu
. "$(dirname "$0")/pd.env"
case "$1" in
  prefill) vllm serve "$PD_MODEL" -tp "$PD_TP" -dp 2 -pp 1 --max-num-seqs 16 --port 7100 \
    --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_producer"}' ;;
  decode) vllm serve "$PD_MODEL" -tp "$PD_TP" --data-parallel-size "$PD_DP_SIZE" -pp "$PD_PP_SIZE" \
    --max-num-seqs "$PD_MAX_NUM_SEQS" --port 7200 \
    --kv-transfer-config '{"kv_connector":"NixlConnector","kv_role":"kv_consumer"}' ;;
esac
