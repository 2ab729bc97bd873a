#!/usr/bin/env bash
# The env file is sourced under set -a, so a mode's plain assignment is
# exported, and docker's bare -e hands it to the container.
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
if [[ ${1:-serve} == bench ]]; then
  MAX_CONCURRENT_REQUESTS=256 # want "bench re-assigns the owner MAX_CONCURRENT_REQUESTS=256"
fi
exec docker run --gpus all -e MODEL_ID -e MAX_CONCURRENT_REQUESTS -e MAX_BATCH_PREFILL_TOKENS ghcr.io/huggingface/text-generation-inference:2.4
