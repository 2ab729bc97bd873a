#!/usr/bin/env bash
# The call's word is a variable the modes set: the findings name the
# library's launcher as where the flag is written (it has no line here).
set -euo pipefail
. "$(dirname "$0")/lib/run.sh"
. "$(dirname "$0")/pl.env"
SEQS=$PL_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) SEQS=64 ;; # want "bench passes --max-num-seqs 64 through the mode-local SEQS=64 \(line 10\) to --max-num-seqs \(the library's serve_model\); .*pl.env:1 owns it" "bench boots with --max-num-seqs 64"
  eval) SEQS=$PL_MAX_NUM_BATCHED_TOKENS ;; # want "eval passes --max-num-seqs \(the library's serve_model\) \$PL_MAX_NUM_BATCHED_TOKENS from PL_MAX_NUM_BATCHED_TOKENS=4096" "eval boots with --max-num-seqs 4096"
  kl) SEQS=$((PL_MAX_NUM_SEQS * 2)) ;; # want "kl passes --max-num-seqs \$\(\(PL_MAX_NUM_SEQS \* 2\)\) \(the library's serve_model\), arithmetic on its owner" "kl boots with --max-num-seqs 32"
esac
serve_model /m "$SEQS"
