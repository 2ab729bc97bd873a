#!/bin/bash
# serve.sh [serve|kl]: no calib mode here; calib-boot.sh boots the tap with
# the env file's FRANK_ARCHON_CALIB_* knobs. Naming no mode of serve.sh,
# FRANK_ARCHON_CALIB_NGRAM_PLACEMENT was taken for the owner of
# --ngram-placement, and serve's and kl's ram were reported.
set -euo pipefail
. "$(dirname "$0")/run.env"
case ${1:-serve} in
  serve|kl) exec radiance serve "$RADIANCE_MODEL" --max-num-seqs "$FRANK_ARCHON_MAX_SEQS" --max-num-batched-tokens "$FRANK_ARCHON_MAX_BATCHED_TOKENS" --ngram-placement ram ;;
  *) exit 2 ;;
esac
