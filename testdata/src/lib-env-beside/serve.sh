#!/usr/bin/env bash
# model.env is sourced by common.sh, not here: it owns this script's numbers.
source "$(dirname "$0")/common.sh"
case "${1:-serve}" in
  serve) launch --port 1 ;;
  eval) MAX_NUM_SEQS=64; launch --port 2 ;; # want "eval boots with --max-num-seqs 64 where serve boots with 32.*lib-env-beside/model.env:1 owns it as MAX_NUM_SEQS=32\)"
esac
