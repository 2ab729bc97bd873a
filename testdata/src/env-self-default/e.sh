#!/usr/bin/env bash
# K=${K:-32} in the env file: 32 unless the caller sets K, and K owns the
# flag all the same.
set -euo pipefail
. "$(dirname "$0")/e.env"
case "$1" in
  serve|kl) exec vllm serve /m --max-num-seqs "$E_MAX_NUM_SEQS" --max-num-batched-tokens "$E_MAX_NUM_BATCHED_TOKENS" --max-model-len "$E_MAX_MODEL_LEN" ;;
  bench) exec vllm serve /m --max-num-seqs 128 --max-num-batched-tokens "$E_MAX_NUM_BATCHED_TOKENS" --max-model-len "$E_MAX_MODEL_LEN" ;; # want "bench boots with --max-num-seqs 128 where serve boots with 32" "bench passes --max-num-seqs 128; .*owns it as E_MAX_NUM_SEQS="
esac
