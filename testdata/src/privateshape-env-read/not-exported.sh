#!/usr/bin/env bash
# Not exported, the mode's value stays in the shell: docker's bare -e
# hands the container the caller's (none), and the launcher never sees it.
# Nor does a flag the argv passes read the environment: --max-batch-prefill-tokens
# is serve's in every mode.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) ;;
  bench) MAX_CONCURRENT_REQUESTS=256; MAX_BATCH_PREFILL_TOKENS=16384; echo "bench" ;;
esac
exec docker run --gpus all -e MAX_CONCURRENT_REQUESTS -e MAX_BATCH_PREFILL_TOKENS ghcr.io/huggingface/text-generation-inference:2.4 --model-id "$MODEL_ID" --max-batch-prefill-tokens 8192
