#!/usr/bin/env bash
# Modes named by case globs: the ngramplacement findings name them by their
# labels (calib (as calib*)), as every other rule does; they said calib.
set -euo pipefail
. "$(dirname "$0")/ng.env"
place=ram
case "${1:-serve}" in
  serve) ;;
  kl*) ;;
  eval*) place=disk ;; # want "eval \(as eval\*\) boots with --ngram-placement disk where serve boots with ram" "eval \(as eval\*\) places the n-gram table on disk where kl \(as kl\*\) places it on ram"
  calib*) export RADIANCE_CALIB_DIR=/tap RADIANCE_CALIB_TOKENS=1024; place=ram ;; # want "^calib \(as calib\*\) runs with the n-gram table in RAM"
  *) exit 2 ;;
esac
exec radiance serve /m --max-num-seqs "$NG_MAX_NUM_SEQS" --max-num-batched-tokens "$NG_MAX_NUM_BATCHED_TOKENS" --ngram-placement "$place"
