#!/usr/bin/env bash
# calib inherits the shared n-gram placement: ram pins the table beside the
# host pool. The placement is shared, so the fix belongs in calib's branch:
# no automatic fix here.
set -euo pipefail
. "$(dirname "$0")/tap.env"
placement=ram
step=$TAP_MAX_BATCHED_TOKENS
case "${1:-serve}" in
  serve|kl) ;;
  calib) step=$TAP_CALIB_BATCHED_TOKENS ;;
  *) exit 2 ;;
esac
exec radiance serve "$TAP_MODEL" --max-model-len "$TAP_MAX_MODEL_LEN" \
  --max-num-seqs "$TAP_MAX_SEQS" --max-num-batched-tokens "$step" \
  --ngram-placement "$placement"
# want@7 "calib runs with the n-gram table in RAM \(--ngram-placement ram, set for every mode at line 7\).*\(ngramplacement\)"
