#!/usr/bin/env bash
# Roles named p and d, told apart by SGLang's own --disaggregation-mode:
# other shapes by design. Nothing to report.
set -euo pipefail
. "$(dirname "$0")/pd.env"
COMMON=(--model-path "$PD_MODEL" --tp "$PD_TP" --trust-remote-code)
case "$1" in
  p) python3 -m sglang.launch_server "${COMMON[@]}" --disaggregation-mode prefill --port 30000 \
       --chunked-prefill-size "$PD_CHUNKED_PREFILL_SIZE" --max-running-requests 64 ;;
  d) python3 -m sglang.launch_server "${COMMON[@]}" --disaggregation-mode decode --port 30001 \
       --max-running-requests "$PD_MAX_RUNNING_REQUESTS" ;;
  router) python3 -m sglang_router.launch_router --pd-disaggregation --prefill http://127.0.0.1:30000 --decode http://127.0.0.1:30001 ;;
esac
