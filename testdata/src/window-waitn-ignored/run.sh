#!/bin/bash
set -euo pipefail
. "$(dirname "$0")/run.env"
case ${1:-serve} in
  serve) shift || true; exec radiance serve "$RADIANCE_MODEL" --max-num-seqs "$FRANK_ARCHON_MAX_SEQS" --max-num-batched-tokens "$FRANK_ARCHON_MAX_BATCHED_TOKENS" --ngram-placement ram "$@" ;;
  *) exit 2 ;;
esac
