#!/usr/bin/env bash
# The twin of miss.sh whose bench boots with the owner's value: the
# string's engine read behind the shell entrypoint finds nothing to say.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in serve) step=$VLLM_MAX_NUM_BATCHED_TOKENS ;; bench) step="${VLLM_MAX_NUM_BATCHED_TOKENS}" ;; esac
docker run --rm --entrypoint /bin/sh "$VLLM_IMAGE" -c "python3 -m vllm.entrypoints.openai.api_server --model /m --max-num-batched-tokens $step"
