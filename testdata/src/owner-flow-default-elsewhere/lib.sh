#!/usr/bin/env bash
# "${SEQS:-$CONCURRENCY}" where bench) SEQS=64 and the sourced library
# sets SEQS=256: serve boots with the library's 256, not CONCURRENCY's 16,
# so CONCURRENCY owns nothing by flow and bench gets no fix writing it.
set -euo pipefail
. "$(dirname "$0")/serve.env"
. "$(dirname "$0")/lib/common.sh"
case "${1:-serve}" in
  serve) ;;
  bench) SEQS=64 ;;
esac
exec vllm serve /m --max-num-seqs "${SEQS:-$CONCURRENCY}"
