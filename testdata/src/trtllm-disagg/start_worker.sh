#!/usr/bin/env bash
# start_worker.sh ctx|gen|proxy PORT — one TensorRT-LLM disaggregated worker.
# Roles named prefill/decode read TensorRT-LLM's ctx/gen keys, and the
# router (trtllm-serve disaggregated) reads its shape from a config: no finding.
# Context (prefill) and generation (decode) servers are different shapes by design.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/disagg.env"

role=${1:?ctx|gen|proxy}
port=${2:-8001}
cfg=$(mktemp /tmp/disagg-${role}.XXXX.yml)

case $role in
  prefill)
    cat >"$cfg" <<YAML
enable_attention_dp: true
disable_overlap_scheduler: true
cache_transceiver_config: {backend: UCX, max_tokens_in_buffer: 8448}
YAML
    exec trtllm-serve "$DG_MODEL" --host 0.0.0.0 --port "$port" --backend pytorch \
      --tp_size "$DG_CTX_TP_SIZE" --ep_size "$DG_CTX_TP_SIZE" \
      --max_batch_size "$DG_CTX_MAX_BATCH_SIZE" --max_num_tokens "$DG_CTX_MAX_NUM_TOKENS" \
      --max_seq_len "$DG_MAX_SEQ_LEN" --extra_llm_api_options "$cfg"
    ;;
  decode)
    cat >"$cfg" <<YAML
enable_attention_dp: true
cuda_graph_config: {enable_padding: true, max_batch_size: $DG_GEN_MAX_BATCH_SIZE}
cache_transceiver_config: {backend: UCX, max_tokens_in_buffer: 8448}
YAML
    exec trtllm-serve "$DG_MODEL" --host 0.0.0.0 --port "$port" --backend pytorch \
      --tp_size "$DG_GEN_TP_SIZE" --ep_size "$DG_GEN_TP_SIZE" \
      --max_batch_size "$DG_GEN_MAX_BATCH_SIZE" --max_num_tokens "$DG_GEN_MAX_NUM_TOKENS" \
      --max_seq_len "$DG_MAX_SEQ_LEN" --extra_llm_api_options "$cfg"
    ;;
  router)
    cat >"$cfg" <<YAML
hostname: 0.0.0.0
port: $DG_PROXY_PORT
backend: pytorch
context_servers: {num_instances: 1, urls: ["ctx-0:8001"]}
generation_servers: {num_instances: 1, urls: ["gen-0:8002"]}
YAML
    exec trtllm-serve disaggregated -c "$cfg" -t 3600 -r 3600
    ;;
  *) echo "unknown role $role" >&2; exit 2 ;;
esac
