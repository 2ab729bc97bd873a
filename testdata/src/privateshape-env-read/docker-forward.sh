#!/usr/bin/env bash
# -e K="$K" hands the container the shell's value, exported or not.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) ;;
  bench) MAX_CONCURRENT_REQUESTS=256 ;; # want "bench re-assigns the owner MAX_CONCURRENT_REQUESTS=256"
esac
exec docker run --gpus all -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" -e MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" ghcr.io/huggingface/text-generation-inference:2.4 --model-id "$MODEL_ID"
