#!/bin/bash
# The same for SGLang: the prefill role's own --dp-size 2 is its shape.
set -eu
. "$(dirname "$0")/pd.env"
case "$1" in
  prefill) python3 -m sglang.launch_server --model-path "$PD_MODEL" --tp "$PD_TP" --dp-size 2 \
    --disaggregation-mode prefill --port 30000 ;;
  decode) python3 -m sglang.launch_server --model-path "$PD_MODEL" --tp "$PD_TP" --dp "$PD_DP_SIZE" \
    --disaggregation-mode decode --port 30001 ;;
esac
