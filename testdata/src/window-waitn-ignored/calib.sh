#!/bin/bash
set -euo pipefail
. "$(dirname "$0")/run.env"
export RADIANCE_CALIB_DIR RADIANCE_CALIB_TOKENS
printf 'container=none\nimage=%s\npid=%s\n' "$RADIANCE_IMAGE" "$$" > "$RADIANCE_CALIB_DIR/.rig"
exec radiance serve "$RADIANCE_MODEL" --max-num-seqs "$FRANK_ARCHON_MAX_SEQS" \
  --max-num-batched-tokens "$FRANK_ARCHON_CALIB_BATCHED_TOKENS" --ngram-placement "$FRANK_ARCHON_CALIB_NGRAM_PLACEMENT"
