#!/usr/bin/env bash
# The function hands its argument to a benchmark client too: CONCURRENCY
# is the workload's, and owns nothing by flow.
set -euo pipefail
. "$(dirname "$0")/serve.env"
start() {
  llama-server -m "$MODEL" -np "$1" &
  sleep 30
  python3 bench.py --concurrency "$1"
}
case "${1:-serve}" in
  serve) start "$CONCURRENCY" ;;
  bench) start 8 ;;
esac
