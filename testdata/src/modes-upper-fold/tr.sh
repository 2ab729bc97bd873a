#!/usr/bin/env bash
# The mode word upper-cased before the case (./tr.sh calib runs CALIB):
# KL is the kl scoring mode, CALIB the calib one, and a calib tap must not
# pin the n-gram table in RAM.
set -euo pipefail
. "$(dirname "$0")/rx.env"
MODE=$(echo "${1:-serve}" | tr a-z A-Z)
args=(radiance serve "$RX_MODEL" --max-num-seqs "$RX_MAX_SEQS" --max-num-batched-tokens "$RX_MAX_BATCHED_TOKENS")
case "$MODE" in
  SERVE) ;;
  KL) args+=(--ngram-placement ram --dump-logits /logs/kl --max-num-seqs 8) ;; # want "KL boots with --max-num-seqs 8 where SERVE boots with 16; scoring numbers" "KL passes a second --max-num-seqs 8"
  CALIB) args+=(--max-num-batched-tokens "$RX_CALIB_BATCHED_TOKENS" --ngram-placement ram) ;; # want "CALIB runs with the n-gram table in RAM"
  *) exit 2 ;;
esac
exec "${args[@]}"
