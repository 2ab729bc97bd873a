#!/usr/bin/env bash
# Neither child reads the caller's value (no finding).
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/fixed.sh" ;;
  bench) SEQS=64 exec "$here/fixed.sh" --port 8001 ;;
  kl) MAX_NUM_SEQS=64 exec "$here/own.sh" --port 8002 ;;
  kl-ref) exec "$here/own.sh" --port 8003 ;;
esac
