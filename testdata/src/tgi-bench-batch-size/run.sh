#!/bin/bash
# MAX_BATCH_SIZE here is the benchmark client's batch, not TGI's
# --max-batch-size: the container gets no MAX_BATCH_SIZE (no --env-file,
# no -e), and long picks another workload by setting it anew.
set -eu
. "$(dirname "$0")/bench.env"
case "$1" in
  serve) ;;
  long) MAX_BATCH_SIZE=4 ;;
esac
docker run -d --gpus all -p 8080:80 ghcr.io/huggingface/text-generation-inference:2.4 \
  --model-id "$TGI_MODEL" --max-total-tokens "$TGI_MAX_TOTAL_TOKENS"
python3 bench.py --url http://localhost:8080 --batch-size "$MAX_BATCH_SIZE"
