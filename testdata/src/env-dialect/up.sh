#!/usr/bin/env bash
set -a
source "$(dirname "$0")/up.env"
set +a
exec docker run --rm --env-file "$(dirname "$0")/up.env" "$IMAGE" radiance serve "$MODEL" \
  --max-num-seqs "$UP_MAX_SEQS" --max-num-batched-tokens "$UP_MAX_BATCHED_TOKENS"
