#!/usr/bin/env bash
# The shell never reads tgi.env (docker --env-file alone): host's
# -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" hands the caller's
# value, not the owner's, and writing it into bench would hand an empty one.
set -eo pipefail
here=$(dirname "$0")
IMAGE=ghcr.io/huggingface/text-generation-inference:3.0.1
case "${1:-serve}" in
  serve) docker run --rm --gpus all --env-file "$here/tgi.env" "$IMAGE" ;;
  host) docker run --rm --gpus all -e MODEL_ID=m -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" "$IMAGE" ;; # want "MAX_CONCURRENT_REQUESTS is read here, but .*tgi.env:3, which defines it, reaches only the commands the script runs"
  bench) docker run --rm --gpus all -e MODEL_ID=m -e MAX_CONCURRENT_REQUESTS=256 "$IMAGE" ;;
esac
