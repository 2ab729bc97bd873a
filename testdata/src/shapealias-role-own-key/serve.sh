#!/bin/bash
# Disaggregated serving: decode takes a smaller step on purpose, from its
# own key. That key is no per-mode alias of the owner.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODEL=${MODEL:-/models/llama-8b}
ROLE=${1:-serve}
STEP=$MAX_NUM_BATCHED_TOKENS
case $ROLE in
  serve | prefill) ;;
  decode) STEP=$DECODE_MAX_NUM_BATCHED_TOKENS ;;
  *) echo "usage: $0 serve|prefill|decode" >&2; exit 2 ;;
esac
exec vllm serve "$MODEL" --max-num-batched-tokens "$STEP"
