#!/usr/bin/env bash
# A shell set as docker's entrypoint runs the string after the image's -c:
# its engine is the container's command, as after --entrypoint "" IMAGE
# /bin/sh -c "…". It was read as an entrypoint that is not an engine.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) step=$VLLM_MAX_NUM_BATCHED_TOKENS ;;
  bench) step=16384 ;; # want "bench boots with --max-num-batched-tokens 16384 where serve boots with 8192" "bench passes --max-num-batched-tokens 16384 through the mode-local step=16384"
esac
docker run --rm --entrypoint /bin/sh "$VLLM_IMAGE" -c "python3 -m vllm.entrypoints.openai.api_server --model /m --max-num-batched-tokens $step"
