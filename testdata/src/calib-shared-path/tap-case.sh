#!/usr/bin/env bash
# The same with a case whose `*)` branch takes the shared path.
. "$(dirname "$0")/tap.env"
step=$TAP_MAX_BATCHED_TOKENS
placement=ram
case $1 in
  calib) step=$TAP_CALIB_BATCHED_TOKENS; placement=disk ;;
  *) ;;
esac
exec radiance serve /m --max-model-len "$TAP_MAX_MODEL_LEN" --max-num-seqs "$TAP_MAX_SEQS" \
  --max-num-batched-tokens "$step" --ngram-placement "$placement"
