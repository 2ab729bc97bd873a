#!/usr/bin/env bash
# The script's own top-level ARGS, expanded only by serve, which passes the
# owner's copy after it: serve boots with the owner's 128.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
ARGS=(--max-num-seqs 256 --port 8001)
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" "${ARGS[@]}" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8002 ;;
esac
