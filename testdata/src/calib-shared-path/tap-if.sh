#!/usr/bin/env bash
# calib is the only value of $1 with a branch of its own: every other value
# takes the shared path, which is the proven shape. calib is never the
# proven mode, so its own knobs (the step, the n-gram placement) may differ.
. "$(dirname "$0")/tap.env"
step=$TAP_MAX_BATCHED_TOKENS
placement=ram
if [[ $1 == calib ]]; then
  step=$TAP_CALIB_BATCHED_TOKENS
  placement=disk
fi
exec radiance serve /m --max-model-len "$TAP_MAX_MODEL_LEN" --max-num-seqs "$TAP_MAX_SEQS" \
  --max-num-batched-tokens "$step" --ngram-placement "$placement"
