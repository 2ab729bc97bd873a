#!/usr/bin/env bash
# "${SEQS:-$CONCURRENCY}": in serve, where no assignment of SEQS reaches the
# launch, the value is CONCURRENCY's, which owns the seats by flow.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) ;;
  bench) SEQS=64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16" "bench passes --max-num-seqs 64 through the mode-local SEQS=64 \(line 8\) to --max-num-seqs \(line 10\); .*serve.env:1 owns it as CONCURRENCY=16"
esac
exec vllm serve /m --max-num-seqs "${SEQS:-$CONCURRENCY}" # want "--max-num-seqs lets SEQS override its owner CONCURRENCY"
