serve_role() {
  exec vllm serve /models/llama --kv-transfer-config "{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"$1\"}" --max-num-seqs "$2" --max-num-batched-tokens "$PD_MAX_NUM_BATCHED_TOKENS"
}
