#!/usr/bin/env bash
# TensorRT-LLM's names for the roles: ctx (context, prefill) and gen
# (generation, decode) are other shapes by design. Nothing to report.
set -euo pipefail
. "$(dirname "$0")/pd.env"
case "${1:?ctx|gen}" in
  ctx) exec python3 -m sglang.launch_server --model-path "$PD_MODEL" --tp "$PD_TP" --port 30000 \
         --chunked-prefill-size "$PD_CHUNKED_PREFILL_SIZE" --max-running-requests 64 ;;
  gen) exec python3 -m sglang.launch_server --model-path "$PD_MODEL" --tp "$PD_TP" --port 30001 \
         --max-running-requests "$PD_MAX_RUNNING_REQUESTS" --cuda-graph-max-bs 256 ;;
esac
