EXTRA=${KV_DTYPE:+--kv-cache-dtype "$KV_DTYPE"}
