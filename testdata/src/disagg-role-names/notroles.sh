#!/usr/bin/env bash
# ctx without gen is no role, and a mode named p without a
# --disaggregation-mode is a plain mode: compared.
set -euo pipefail
. "$(dirname "$0")/pd.env"
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server --model-path "$PD_MODEL" --max-running-requests "$PD_MAX_RUNNING_REQUESTS" ;;
  ctx) exec python3 -m sglang.launch_server --model-path "$PD_MODEL" --max-running-requests 64 ;; # want "ctx passes --max-running-requests 64" "ctx boots with --max-running-requests 64 where serve boots with 256"
  p) exec python3 -m sglang.launch_server --model-path "$PD_MODEL" --max-running-requests 32 ;; # want "p passes --max-running-requests 32" "p boots with --max-running-requests 32 where serve boots with 256"
esac
