#!/usr/bin/env bash
# serve empties the array of extra flags: it is still a mode (the proven
# one), so kl is compared with serve, not blamed for differing from bench.
set -euo pipefail
. "$(dirname "$0")/h.env"
case "${1:-serve}" in
  serve) EXTRA=() ;;
  kl) EXTRA=(--seed 0) ;;
  bench) EXTRA=(--max-num-seqs 256) ;; # want "bench passes a second --max-num-seqs 256 that overrides the shared one" "bench boots with --max-num-seqs 256 where serve boots with 64"
esac
exec vllm serve /m --max-num-seqs "$H_MAX_NUM_SEQS" --max-num-batched-tokens "$H_MAX_NUM_BATCHED_TOKENS" "${EXTRA[@]}"
