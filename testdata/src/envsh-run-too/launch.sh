#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/env.sh"
case "${1:-serve}" in
  setup) bash "$(dirname "$0")/env.sh" && pip install sglang ;;
  serve) exec python3 -m sglang.launch_server --model-path "$MODEL_PATH" --mem-fraction-static "$MEM_FRACTION_STATIC" ;;
  kl) exec python3 -m sglang.launch_server --model-path "$MODEL_PATH" --mem-fraction-static=0.7 ;;
esac
