#!/usr/bin/env bash
# --entrypoint "" clears the image's entrypoint: the command after the image
# is the engine.
set -euo pipefail
. "$(dirname "$0")/v.env"
case "$1" in
  serve) seqs=$V_MAX_NUM_SEQS ;;
  bench) seqs=256 ;; # want "bench boots with --max-num-seqs 256 where serve boots with 64" "bench passes --max-num-seqs 256"
esac
exec docker run --rm --gpus all --entrypoint "" vllm/vllm-openai:v0.8.5 \
  vllm serve /m --max-num-seqs "$seqs"
