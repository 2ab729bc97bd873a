#!/usr/bin/env bash
# calib's own step comes from the env file, but it is below one document.
set -euo pipefail
. "$(dirname "$0")/tap.env"
step=$TAP_MAX_BATCHED_TOKENS
placement=ram
case "${1:-serve}" in
  serve|kl) ;;
  calib)
    step=$TAP_CALIB_BATCHED_TOKENS # want "calib steps 4096 tokens at a time \(--max-num-batched-tokens 4096\) but a document is 32768 tokens \(its --max-model-len\): each document is cut into ⌈32768/4096⌉ = 8 steps, so each layer's routed experts are re-streamed 8 times.*\(calibstep\)"
    placement=disk
    ;;
  *) exit 2 ;;
esac
exec radiance serve "$TAP_MODEL" --max-model-len "$TAP_MAX_MODEL_LEN" \
  --max-num-seqs "$TAP_MAX_SEQS" --max-num-batched-tokens "$step" \
  --ngram-placement "$placement"
