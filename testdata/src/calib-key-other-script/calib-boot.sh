#!/bin/bash
# Boots the calibration tap (calib's own step and placement).
set -euo pipefail
. "$(dirname "$0")/run.env"
export RADIANCE_CALIB_DIR RADIANCE_CALIB_TOKENS
exec radiance serve "$RADIANCE_MODEL" --max-num-seqs "$FRANK_ARCHON_MAX_SEQS" \
  --max-num-batched-tokens "$FRANK_ARCHON_CALIB_BATCHED_TOKENS" --ngram-placement "$FRANK_ARCHON_CALIB_NGRAM_PLACEMENT"
