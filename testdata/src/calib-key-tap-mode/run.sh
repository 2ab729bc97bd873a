#!/bin/bash
# run.sh [serve|kl|win-tap]: the calib mode is named win-tap; its own knobs
# are the env file's FRANK_ARCHON_CALIB_* keys. No mode's name is in
# FRANK_ARCHON_CALIB_NGRAM_PLACEMENT, so it was taken for the owner of
# --ngram-placement in every mode, and serve's ram was reported.
set -euo pipefail
. "$(dirname "$0")/run.env"
base=(radiance serve "$RADIANCE_MODEL" --max-num-seqs "$FRANK_ARCHON_MAX_SEQS" --host-pool-mib "$FRANK_ARCHON_HOST_POOL_MIB")
case ${1:-serve} in
  serve|kl) exec "${base[@]}" --max-num-batched-tokens "$FRANK_ARCHON_MAX_BATCHED_TOKENS" --ngram-placement ram ;;
  win-tap)
    export RADIANCE_CALIB_DIR RADIANCE_CALIB_TOKENS
    exec "${base[@]}" --max-num-batched-tokens "$FRANK_ARCHON_CALIB_BATCHED_TOKENS" --ngram-placement "$FRANK_ARCHON_CALIB_NGRAM_PLACEMENT"
    ;;
  *) exit 2 ;;
esac
