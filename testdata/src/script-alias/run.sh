#!/usr/bin/env bash
source "$(dirname "$0")/run.env"
CALIB_SEQS=${CALIB_SEQS:-$RUN_MAX_SEQS} # want "CALIB_SEQS is a shim \(\$\{CALIB_SEQS:-\$RUN_MAX_SEQS\}\) of RUN_MAX_SEQS"
case "$1" in
  serve) exec radiance serve --max-num-seqs "$RUN_MAX_SEQS" ;;
  calib) exec radiance serve --max-num-seqs "$CALIB_SEQS" --ngram-placement disk ;; # want "calib reads CALIB_SEQS, a shim"
  score) exec radiance serve --max-num-seqs "${SCORE_SEQS:-$RUN_MAX_SEQS}" ;; # want "--max-num-seqs lets SCORE_SEQS override its owner RUN_MAX_SEQS"
esac
