#!/usr/bin/env bash
# launcher.sh MODE [DOCKER OPTS...]: the image's launcher named after it.
set -euo pipefail
source "$(dirname "$0")/launcher.env"
mode=${1:-serve}; shift || true
extra=("$@")
case "$mode" in
  serve) docker run --rm "${extra[@]}" --gpus all -e HF_TOKEN local/tgi:dev text-generation-launcher --model-id /m --max-batch-total-tokens "$MAX_BATCH_TOTAL_TOKENS" ;;
  bench) docker run --rm "${extra[@]}" --gpus all -e HF_TOKEN local/tgi:dev text-generation-launcher --model-id /m --max-batch-total-tokens 2048 ;; # want "bench boots with --max-batch-total-tokens 2048 where serve boots with 16384" "bench passes --max-batch-total-tokens 2048; .*launcher.env:1 owns it"
esac
