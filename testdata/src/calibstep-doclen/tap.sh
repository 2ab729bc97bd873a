#!/usr/bin/env bash
# calib's own step comes from the env file, but it is below one document.
set -euo pipefail
. "$(dirname "$0")/tap.env"
step=$TAP_MAX_BATCHED_TOKENS
placement=ram
case "${1:-serve}" in
  serve|kl) ;;
  calib)
    step=$TAP_CALIB_BATCHED_TOKENS # want "calib steps 32768 tokens at a time .* but a document is 65536 tokens \(TAP_DOC_TOKENS=65536 at .*tap.env:6\): each document is cut into ⌈65536/32768⌉ = 2 steps.*\(calibstep\)"
    placement=disk
    ;;
  *) exit 2 ;;
esac
exec radiance serve "$TAP_MODEL" --max-model-len "$TAP_MAX_MODEL_LEN" \
  --max-num-seqs "$TAP_MAX_SEQS" --max-num-batched-tokens "$step" \
  --ngram-placement "$placement"
