#!/usr/bin/env bash
set -euo pipefail
source "$(dirname "$0")/config.sh"
case "${1:-serve}" in
  serve) exec trtllm-serve "$MODEL" --max_batch_size "$MAX_BATCH_SIZE" --max_num_tokens "$MAX_NUM_TOKENS" ;;
  kl) exec trtllm-serve "$MODEL" --max_batch_size 16 --max_num_tokens "$MAX_NUM_TOKENS" ;;
esac
