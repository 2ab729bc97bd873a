#!/usr/bin/env bash
# serve expands the library's ARGS, then passes the owner's --max-num-seqs:
# the engine takes the owner's 128, the library's 256 is dead. No mode
# boots with a number of its own: nothing to report, nothing to delete.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" "${ARGS[@]}" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8002 ;;
esac
