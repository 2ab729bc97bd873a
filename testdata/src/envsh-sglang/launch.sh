#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/env.sh"
common=(--model-path "$MODEL_PATH" --max-running-requests "$MAX_RUNNING_REQUESTS" --chunked-prefill-size "$CHUNKED_PREFILL_SIZE")
case "${1:-serve}" in
  serve) exec python3 -m sglang.launch_server "${common[@]}" --mem-fraction-static "$MEM_FRACTION_STATIC" ;;
  kl) exec python3 -m sglang.launch_server "${common[@]}" --mem-fraction-static=0.7 ;; # want "kl passes --mem-fraction-static 0.7; .*env.sh:6 owns it as MEM_FRACTION_STATIC=0.85" "kl boots with --mem-fraction-static 0.7 where serve boots with 0.85"
esac
