#!/usr/bin/env bash
# The string execs its engine (-ec, clustered): exec is read through after
# the image as in any command, for a shell entrypoint as for --entrypoint "".
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve)
    exec docker run --rm --entrypoint /bin/sh "$VLLM_IMAGE" -ec "exec python3 -m vllm.entrypoints.openai.api_server --model /m --max-num-batched-tokens $VLLM_MAX_NUM_BATCHED_TOKENS"
    ;;
  bench)
    exec docker run --rm --entrypoint /bin/sh "$VLLM_IMAGE" -ec "exec python3 -m vllm.entrypoints.openai.api_server --model /m --max-num-batched-tokens 16384" # want "bench boots with --max-num-batched-tokens 16384 where serve boots with 8192" "bench passes --max-num-batched-tokens 16384"
    ;;
esac
