#!/usr/bin/env bash
# calib reads its own knobs from keys named for it: its step and its n-gram
# placement, by design (law 4), not per-mode aliases to be "fixed" back to
# the shared RAM placement.
set -euo pipefail
. "$(dirname "$0")/rig.env"
step=$RIG_MAX_BATCHED_TOKENS
placement=$RIG_NGRAM_PLACEMENT
case "$1" in
  serve) ;;
  calib)
    step=$RIG_CALIB_BATCHED_TOKENS
    placement=$RIG_CALIB_NGRAM_PLACEMENT
    ;;
  *) exit 2 ;;
esac
exec radiance serve /m --max-model-len 32768 --max-num-seqs "$RIG_MAX_SEQS" \
  --max-num-batched-tokens "$step" --ngram-placement "$placement"
