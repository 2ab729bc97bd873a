#!/usr/bin/env bash
# A negated guard names the modes that take the shared path: serve (the
# proven mode) and kl; calib's own knobs differ from serve's by design.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/tap.env"
mode=${1:?serve|kl|calib}
step=$TAP_MAX_BATCHED_TOKENS
placement=ram
if [[ $mode == calib ]]; then
  step=$TAP_CALIB_BATCHED_TOKENS
  placement=disk
  export RADIANCE_CALIB_DIR=/taps/m RADIANCE_CALIB_TOKENS=40000000
elif [[ $mode != serve && $mode != kl ]]; then
  exit 2
fi
exec radiance serve /models/m \
  --max-model-len "$TAP_MAX_MODEL_LEN" \
  --max-num-seqs "$TAP_MAX_SEQS" \
  --max-num-batched-tokens "$step" \
  --ngram-placement "$placement"
