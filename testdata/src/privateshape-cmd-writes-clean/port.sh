#!/usr/bin/env bash
# A port set by let is no shape.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) port=8000 ;;
  bench) let port=9000 ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port "$port"
