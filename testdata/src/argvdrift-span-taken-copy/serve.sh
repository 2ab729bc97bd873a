#!/bin/bash
# A mode's finding points at the copy of the flag its run took: bench
# boots with 32 (line 11); the FAST-only 16 after it is not taken in bench,
# and its finding says so (bench, when FAST=1, …).
set -euo pipefail
source "$(dirname "$0")/serve.env"
args=(--max-num-seqs "$MAX_NUM_SEQS")
case "${1:-serve}" in
  serve) ;;
  bench)
    args+=(--enforce-eager --max-num-seqs 32) # want "bench passes a second --max-num-seqs 32" "bench boots with --max-num-seqs 32 where serve boots with 64"
    [[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16) # want "bench, when FAST=1, passes a second --max-num-seqs 16 that overrides"
    ;;
esac
exec vllm serve /m "${args[@]}"
