#!/usr/bin/env bash
# ISL and CONCURRENCY are the workload's: the benchmark client reads them
# too, so they own no flag by flow, and long's ISL=8192 picks another
# workload (its step follows it by design), not a private shape.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) ;;
  long) ISL=8192 ;;
  busy) CONCURRENCY=64 ;;
esac
clients=$((CONCURRENCY * 2))
vllm serve /m --max-num-seqs "$CONCURRENCY" --max-num-batched-tokens "$ISL" &
sleep 30
vllm bench serve --random-input-len "$ISL" --random-output-len "$OSL" --max-concurrency "$clients"
