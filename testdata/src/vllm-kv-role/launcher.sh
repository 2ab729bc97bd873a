#!/bin/bash
# vLLM tells a disaggregated instance its role in --kv-transfer-config:
# kv_producer is the prefill side, kv_consumer the decode side, as SGLang's
# --disaggregation-mode does. Modes p and d are roles with shapes of their
# own (they were compared: p's private 16 seats and d's drift from p).
. "$(dirname "$0")/pd.env"
if [[ $1 == p ]]; then
  CUDA_VISIBLE_DEVICES=0 vllm serve /m --port 7100 --max-num-seqs 16 --max-num-batched-tokens 32768 \
    --kv-transfer-config '{"kv_connector":"LMCacheConnectorV1","kv_role":"kv_producer"}'
elif [[ $1 == d ]]; then
  CUDA_VISIBLE_DEVICES=1 vllm serve /m --port 7200 \
    --max-num-seqs "$PD_MAX_NUM_SEQS" --max-num-batched-tokens "$PD_MAX_NUM_BATCHED_TOKENS" \
    --kv-transfer-config='{"kv_connector":"LMCacheConnectorV1", "kv_role": "kv_consumer"}'
fi
