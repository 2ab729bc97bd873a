#!/usr/bin/env bash
# SEQS read from a file: serve boots with what the file holds, not with
# CONCURRENCY's default.
set -euo pipefail
. "$(dirname "$0")/serve.env"
read -r SEQS < "$(dirname "$0")/seqs.txt"
case "${1:-serve}" in
  serve) ;;
  bench) SEQS=64 ;;
esac
exec vllm serve /m --max-num-seqs "${SEQS:-$CONCURRENCY}"
