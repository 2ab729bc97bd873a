#!/usr/bin/env bash
# TGI reads its shape from the environment: the --env-file owns it, and a
# mode's own -e KEY=V overrides the owner in the container.
set -euo pipefail
here=$(dirname "$0")
IMAGE=ghcr.io/huggingface/text-generation-inference:3.0.1
opts=(--rm --gpus all --env-file "$here/tgi.env" -p 8080:80)
case "${1:-serve}" in
  serve) ;;
  bench) opts+=(-e MAX_CONCURRENT_REQUESTS=256) ;; # want "bench sets MAX_CONCURRENT_REQUESTS=256 for the container \(docker -e\), over the --env-file's own: the engine's --max-concurrent-requests gets 256; .*tgi.env:3 owns it as MAX_CONCURRENT_REQUESTS=64"
  kl) opts+=(--env=MAX_BATCH_PREFILL_TOKENS=4096 -e HF_HUB_OFFLINE=1) ;; # want "kl sets MAX_BATCH_PREFILL_TOKENS=4096 for the container"
  eval) opts+=(-eMAX_BATCH_PREFILL_TOKENS=2048) ;; # want "eval sets MAX_BATCH_PREFILL_TOKENS=2048 for the container"
  offline) opts+=(-e HF_HUB_OFFLINE=1) ;;
esac
docker run "${opts[@]}" -e LOG_LEVEL=info "$IMAGE"
