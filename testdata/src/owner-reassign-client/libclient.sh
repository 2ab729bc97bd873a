#!/usr/bin/env bash
# bench re-assigns the owner, which the library's benchmark client (called
# here as run_bench) reads too: deleting the re-assignment would change the
# client's concurrency, so no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
. "$(dirname "$0")/lib/bench.sh"
case "${1:-serve}" in
  serve) ;;
  bench) MAX_NUM_SEQS=64 ;; # want "bench re-assigns the owner MAX_NUM_SEQS=64 inside the mode, so --max-num-seqs gets 64; .*serve.env:1 owns it as MAX_NUM_SEQS=16 \(no fix: line 14 hands MAX_NUM_SEQS to another program too" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" &
if [[ ${1:-serve} == bench ]]; then
  run_bench
fi
wait
