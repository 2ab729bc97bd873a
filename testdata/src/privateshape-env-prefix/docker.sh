#!/usr/bin/env bash
# docker's bare -e K hands the container docker's own K: the prefix
# assignment's. -e K="$K" expands the shell's K before the prefix applies
# (tune's run gets the owner's: no finding).
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) ;;
  bench) MAX_CONCURRENT_REQUESTS=256 exec docker run --gpus all -e MAX_CONCURRENT_REQUESTS ghcr.io/huggingface/text-generation-inference:2.4 --model-id "$MODEL_ID" ;; # want "bench sets its own MAX_CONCURRENT_REQUESTS=256"
  tune) MAX_CONCURRENT_REQUESTS=256 exec docker run --gpus all -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" ghcr.io/huggingface/text-generation-inference:2.4 --model-id "$MODEL_ID" ;;
esac
exec docker run --gpus all -e MAX_CONCURRENT_REQUESTS ghcr.io/huggingface/text-generation-inference:2.4 --model-id "$MODEL_ID"
