#!/usr/bin/env bash
# version and help ask the image's engine to print and exit: no boot, no
# shape to compare. bench boots, with its own seats.
set -euo pipefail
. "$(dirname "$0")/ctl.env"
IMG=vllm/vllm-openai:v0.8.5
case "${1:-start}" in
  start)
    docker run -d --name vllm --gpus all "$IMG" --model /m \
      --max-num-seqs "$CTL_MAX_NUM_SEQS" --max-num-batched-tokens "$CTL_MAX_NUM_BATCHED_TOKENS" ;;
  version) docker run --rm "$IMG" --version ;;
  help) docker run --rm "$IMG" --help=max-num-seqs ;;
  bench)
    docker run -d --name vllm --gpus all "$IMG" --model /m \
      --max-num-seqs 256 --max-num-batched-tokens "$CTL_MAX_NUM_BATCHED_TOKENS" ;; # want "bench boots with --max-num-seqs 256 where start boots with 64" "bench passes --max-num-seqs 256"
  stop) docker rm -f vllm ;;
esac
