#!/usr/bin/env bash
# Files of secrets and dataset paths make no per-model preset: kl is compared.
set -euo pipefail
here=$(dirname "$0")
. "$here/serve.env"
case "$1" in
  serve) . "$here/secrets.env"; port=8000; kv=fp8 ;;
  kl) . "$here/kl-data.env"; port=8001; kv=auto ;; # want "kl boots with --kv-cache-dtype auto where serve boots with fp8"
  *) exit 2 ;;
esac
exec vllm serve /m --port "$port" --kv-cache-dtype "$kv" --max-num-seqs "$V_MAX_NUM_SEQS" --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS"
