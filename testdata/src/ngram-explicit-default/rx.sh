#!/usr/bin/env bash
# serve leaves --ngram-placement out (the engine default, ram); the scoring
# modes write ram explicitly, as law 4 says they keep it: the same shape, no
# drift. eval placing it on disk is another shape.
set -euo pipefail
. "$(dirname "$0")/rx.env"
mode=${1:-serve}
args=(radiance serve "$RX_MODEL" --max-num-seqs "$RX_MAX_SEQS" --max-num-batched-tokens "$RX_MAX_BATCHED_TOKENS")
case "$mode" in
  serve) ;;
  kl|kl-ref) args+=(--ngram-placement ram --dump-logits "/logs/$mode") ;;
  eval) args+=(--ngram-placement disk) ;; # want "eval boots with --ngram-placement disk where serve does not pass it" "eval places the n-gram table on disk where kl places it on ram"
  calib) args+=(--max-num-batched-tokens "$RX_CALIB_BATCHED_TOKENS" --ngram-placement disk) ;;
  *) exit 2 ;;
esac
exec "${args[@]}"
