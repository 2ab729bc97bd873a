#!/usr/bin/env bash
# Never calls load_config: model.env is not read, and its number owns nothing here.
source "$(dirname "$0")/common.sh"
case "${1:-serve}" in
  serve) launch --port 1 ;;
  eval) MAX_NUM_SEQS=64; launch --port 2 ;;
esac
