#!/usr/bin/env bash
# seqs is a shim of MAX_NUM_SEQS only in bench's branch: serve, the proven
# mode, gives it its own 4. Once bench's literal reads the owner, reading
# the owner at "$seqs" would boot serve with 8: the shim has no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) seqs=4 ;; # want "serve passes --max-num-seqs 4 through the mode-local seqs=4 .*no fix: serve, the proven mode"
  bench) seqs=${BENCH_SEQS:-16} ;; # want "bench boots with --max-num-seqs 16 where serve boots with 4" "bench passes --max-num-seqs 16 through the mode-local"
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
