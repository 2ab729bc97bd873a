#!/usr/bin/env bash
# No --env-file: serve hands the container the owner's value under its own
# name, and a mode's own literal there is its own number.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
IMAGE=ghcr.io/huggingface/text-generation-inference:3.0.1
case "${1:-serve}" in
  serve) docker run --rm --gpus all -e MODEL_ID="$MODEL_ID" -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" -e MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" "$IMAGE" ;;
  bench) docker run --rm --gpus all -e MODEL_ID="$MODEL_ID" -e "MAX_CONCURRENT_REQUESTS=256" -e MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" "$IMAGE" ;; # want "bench sets MAX_CONCURRENT_REQUESTS=256 for the container \(docker -e\) where the script hands the owner's own"
  kl) docker run --rm --gpus all -e MODEL_ID="$MODEL_ID" --env=MAX_CONCURRENT_REQUESTS=8 -e MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" "$IMAGE" ;; # want "kl sets MAX_CONCURRENT_REQUESTS=8 for the container"
  offline) docker run --rm --gpus all -e HF_HUB_OFFLINE=1 -e MODEL_ID="$MODEL_ID" -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" -e MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" "$IMAGE" ;;
esac
