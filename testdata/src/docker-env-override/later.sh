#!/usr/bin/env bash
# docker hands the container the last -e of a key: bench's own 256 comes
# before the owner's own, so TGI boots with 64 and the copy is dead.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
IMAGE=ghcr.io/huggingface/text-generation-inference:3.0.1
case "${1:-serve}" in
  serve) docker run --rm --gpus all -e MODEL_ID="$MODEL_ID" -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" "$IMAGE" ;;
  bench) docker run --rm --gpus all -e MAX_CONCURRENT_REQUESTS=256 -e MODEL_ID="$MODEL_ID" -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" "$IMAGE" ;; # want "bench sets its own MAX_CONCURRENT_REQUESTS=256 for the container \(docker -e\), which the later -e MAX_CONCURRENT_REQUESTS=\"\$MAX_CONCURRENT_REQUESTS\" overrides \(docker hands it the last\): the copy is dead; .*tgi.env:3 owns it"
  kl) docker run --rm --gpus all -e MAX_BATCH_PREFILL_TOKENS=4096 -e MODEL_ID="$MODEL_ID" -e MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" -e MAX_CONCURRENT_REQUESTS=8 -e MAX_CONCURRENT_REQUESTS=16 "$IMAGE" ;; # want "kl sets its own MAX_BATCH_PREFILL_TOKENS=4096 .*overrides" "kl sets MAX_CONCURRENT_REQUESTS=16 for the container \(docker -e\) where the script hands the owner's own"
esac
