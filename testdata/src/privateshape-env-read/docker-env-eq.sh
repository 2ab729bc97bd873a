#!/usr/bin/env bash
# --env=K="$K": the option's value attached and not a literal. The run's
# options go on past it to the image, and it hands the shell's value on.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) ;;
  bench) MAX_CONCURRENT_REQUESTS=256 ;; # want "bench re-assigns the owner MAX_CONCURRENT_REQUESTS=256"
esac
exec docker run --gpus all --env=HF_TOKEN="${HF_TOKEN:-}" --env=MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" ghcr.io/huggingface/text-generation-inference:2.4 --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS"
