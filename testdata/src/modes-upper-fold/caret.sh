#!/usr/bin/env bash
# The same with bash's own upper-casing, reassigned in place.
set -euo pipefail
. "$(dirname "$0")/rx.env"
MODE=${1:-serve}
MODE=${MODE^^}
args=(radiance serve "$RX_MODEL" --max-num-seqs "$RX_MAX_SEQS" --max-num-batched-tokens "$RX_MAX_BATCHED_TOKENS")
case $MODE in
  SERVE) ;;
  KL) args+=(--ngram-placement ram --dump-logits /logs/kl) ;;
  CALIB) args+=(--max-num-batched-tokens "$RX_CALIB_BATCHED_TOKENS" --ngram-placement ram) ;; # want "CALIB runs with the n-gram table in RAM"
  *) exit 2 ;;
esac
exec "${args[@]}"
