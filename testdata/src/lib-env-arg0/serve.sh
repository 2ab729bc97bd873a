#!/usr/bin/env bash
source "$(dirname "$0")/lib/common.sh"
case "${1:-serve}" in
  serve) launch --port 1 ;;
  eval) MAX_NUM_SEQS=64; launch --port 2 ;; # want "eval boots with --max-num-seqs 64 where serve boots with 32.*\(\S*lib-env-arg0/config/model.env:1 owns it as MAX_NUM_SEQS=32\)"
esac
