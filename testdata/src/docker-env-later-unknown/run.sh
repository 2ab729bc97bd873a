#!/usr/bin/env bash
# docker hands the container the last -e of a key: half's own -e
# MAX_BATCH_PREFILL_TOKENS=2048 is overridden by the shared -e
# MAX_BATCH_PREFILL_TOKENS="$prefill", which half computes. privateshape
# said the engine gets 2048 (it missed the later -e, whose value is not
# literal) and hid argvdrift's true drift, 4096.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
img=ghcr.io/huggingface/text-generation-inference:2.4.0
prefill=$MAX_BATCH_PREFILL_TOKENS
case "${1:-serve}" in
  serve) opts=() ;;
  half) prefill=$((MAX_BATCH_PREFILL_TOKENS / 2)); opts=(-e MAX_BATCH_PREFILL_TOKENS=2048) ;; # want "half's engine reads MAX_BATCH_PREFILL_TOKENS=4096 from its environment"
esac
docker run --rm --gpus all --env-file tgi.env "${opts[@]}" -e MAX_BATCH_PREFILL_TOKENS="$prefill" "$img" --model-id "$MODEL_ID"
