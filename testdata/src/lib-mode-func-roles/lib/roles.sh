#!/usr/bin/env bash
role_serve() { EXTRA=(); }
role_prefill() { EXTRA=(--max-num-seqs 8 --kv-transfer-config '{"kv_role":"kv_producer"}'); }
role_decode() { EXTRA=(--max-num-seqs 128 --kv-transfer-config '{"kv_role":"kv_consumer"}'); }
