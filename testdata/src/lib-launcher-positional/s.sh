#!/usr/bin/env bash
# The library's "$2" is the call's second word, written here: bench's own
# seats are the script's literal, and the fix writes the owner there.
set -euo pipefail
. "$(dirname "$0")/lib/run.sh"
. "$(dirname "$0")/pl.env"
case "${1:-serve}" in
  serve) serve_model /m "$PL_MAX_NUM_SEQS" ;;
  bench) serve_model /m 64 ;; # want "bench passes --max-num-seqs 64; .*pl.env:1 owns it as PL_MAX_NUM_SEQS=16 \(privateshape\)" "bench boots with --max-num-seqs 64 where serve boots with 16"
  kl) serve_shifted /m 8 ;; # want "kl passes --max-num-seqs 8; .*pl.env:1 owns it as PL_MAX_NUM_SEQS=16 \(privateshape\)" "kl boots with --max-num-seqs 8 where serve boots with 16"
  kl-ref) serve_shifted /m "$PL_MAX_NUM_SEQS" ;;
esac
