#!/usr/bin/env bash
# serve takes the shared path through a branch that does nothing; calib's
# own step comes from the env file: nothing to report.
set -euo pipefail
. "$(dirname "$0")/r.env"
step=$R_MAX_BATCHED_TOKENS
if [ "$1" = calib ]; then
  step=$R_CALIB_BATCHED_TOKENS
elif [ "$1" = serve ]; then
  :
else
  exit 2
fi
exec radiance serve /m --max-model-len 32768 --max-num-seqs "$R_MAX_SEQS" \
  --max-num-batched-tokens "$step" --ngram-placement disk
