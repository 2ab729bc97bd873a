#!/usr/bin/env bash
# A claim at the end of a mode's command line is about that mode: calib's
# gets calib's wording (its step is its own knob), serve's names serve.
set -euo pipefail
. "$(dirname "$0")/r.env"
case "${1:?usage: r.sh serve|calib}" in
  serve) exec radiance serve /m --max-model-len "$R_MAX_MODEL_LEN" --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$R_MAX_BATCHED_TOKENS" --ngram-placement ram ;; # more seats are free throughput
  calib) exec radiance serve /m --max-model-len "$R_MAX_MODEL_LEN" --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$R_CALIB_BATCHED_TOKENS" --ngram-placement disk ;; # calib seats are free throughput
esac
# want@7 "comment claims \"free throughput\""
# want@8 "comment claims \"free throughput\""
