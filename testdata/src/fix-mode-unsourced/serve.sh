#!/usr/bin/env bash
# Only serve's branch sources the owning file: writing "$MAX_NUM_SEQS" into
# bench would hand the engine an unset variable, so no fix.
set -euo pipefail
case "${1:-serve}" in
  serve) . "$(dirname "$0")/serve.env"; exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --max-num-seqs 64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16" "bench passes --max-num-seqs 64; .*serve.env:1 owns it as MAX_NUM_SEQS=16 \(no fix: bench's path does not source .*serve.env, so \$MAX_NUM_SEQS is unset there\)"
esac
