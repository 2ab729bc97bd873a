#!/usr/bin/env bash
# Lower-cased, the word never matches CALIB): that arm is dead code, no
# calib mode, and nothing runs its n-gram placement.
set -euo pipefail
. "$(dirname "$0")/rx.env"
MODE=${1,,}
args=(radiance serve "$RX_MODEL" --max-num-seqs "$RX_MAX_SEQS" --max-num-batched-tokens "$RX_MAX_BATCHED_TOKENS")
case $MODE in
  serve) ;;
  kl) args+=(--ngram-placement ram --dump-logits /logs/kl) ;;
  CALIB) args+=(--ngram-placement ram) ;;
  *) exit 2 ;;
esac
exec "${args[@]}"
