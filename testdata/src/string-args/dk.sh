#!/usr/bin/env bash
# Flags carried in a string each mode appends to, after a docker image: the
# fields are read like an argv array's, so bench's own step is found at its
# value and fixed inside the string.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/dk.env"
IMAGE=${IMAGE:-vllm/vllm-openai:v0.6.4}
ARGS="--model $DK_MODEL --max-num-seqs $DK_MAX_NUM_SEQS"
case "$1" in
  serve)
    ARGS="$ARGS --max-num-batched-tokens $DK_MAX_BATCHED_TOKENS"
    ;;
  bench)
    ARGS="$ARGS --max-num-batched-tokens 65536" # want "bench passes --max-num-batched-tokens 65536; .*dk.env:3 owns it" "bench boots with --max-num-batched-tokens 65536 where serve boots with 8192"
    ;;
esac
# shellcheck disable=SC2086
exec docker run --rm --gpus all --ipc=host -p 8000:8000 --env-file "$here/dk.env" "$IMAGE" $ARGS
