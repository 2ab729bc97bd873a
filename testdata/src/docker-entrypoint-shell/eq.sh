#!/usr/bin/env bash
# --entrypoint=/bin/bash (the value attached) with -lc after the image:
# bench's own --max-num-batched-tokens in the string is found, and its fix
# writes the owner as the outer shell expands it.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve)
    exec docker run --rm --entrypoint=/bin/bash "$VLLM_IMAGE" -lc "vllm serve /m --max-num-batched-tokens $VLLM_MAX_NUM_BATCHED_TOKENS"
    ;;
  bench)
    exec docker run --rm --entrypoint=/bin/bash "$VLLM_IMAGE" -lc "vllm serve /m --max-num-batched-tokens 16384" # want "bench boots with --max-num-batched-tokens 16384 where serve boots with 8192" "bench passes --max-num-batched-tokens 16384"
    ;;
esac
