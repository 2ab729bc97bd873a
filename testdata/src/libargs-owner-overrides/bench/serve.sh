#!/usr/bin/env bash
# bench passes the owner's copy after the shared ARGS's 256: it boots with
# the owner's 128. Deleting its copy would boot it with 256.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
ARGS=(--max-num-seqs 256 --port 8001)
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" "${ARGS[@]}" --max-num-seqs "$MAX_NUM_SEQS" ;;
esac
