#!/usr/bin/env bash
# Every mode takes the owner's through the default; the words handed are
# ports (no finding). A call forwarding the script's words leaves the
# launcher's $2 unknown: only the default is read.
set -euo pipefail
. "$(dirname "$0")/serve.env"
boot() { exec vllm serve /m --port "$1" --max-num-seqs "${2:-$VLLM_MAX_NUM_SEQS}" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"; }
case "${1:-serve}" in
  serve) boot 8000 ;;
  kl) boot 8001 ;;
  bench) shift; boot 8002 "$@" ;;
esac
