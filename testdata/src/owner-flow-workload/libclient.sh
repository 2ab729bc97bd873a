#!/usr/bin/env bash
# The library's benchmark client (run_bench) reads ISL and CONCURRENCY:
# they are the workload's, as when the script runs the client itself.
set -euo pipefail
. "$(dirname "$0")/serve.env"
. "$(dirname "$0")/lib/bench.sh"
case "${1:-serve}" in
  serve) ;;
  long) ISL=8192 ;;
  busy) CONCURRENCY=64 ;;
esac
vllm serve /m --max-num-seqs "$CONCURRENCY" --max-num-batched-tokens "$ISL" &
sleep 30
run_bench
