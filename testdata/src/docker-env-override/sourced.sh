#!/usr/bin/env bash
# No --env-file: the container sees only what -e hands it, here the owner's
# own value in every mode.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
IMAGE=ghcr.io/huggingface/text-generation-inference:3.0.1
case "${1:-serve}" in
  serve) docker run --rm --gpus all -e MODEL_ID="$MODEL_ID" -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" "$IMAGE" ;;
  offline) docker run --rm --gpus all -e HF_HUB_OFFLINE=1 -e MODEL_ID="$MODEL_ID" -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" "$IMAGE" ;;
esac
