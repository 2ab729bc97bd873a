#!/usr/bin/env bash
# lib/run.sh defines in_docker, but this script never sources it: its calls
# boot nothing this script shows, and no mode is read from them.
set -euo pipefail
source "$(dirname "$0")/serve.env"
case "$1" in
  serve) in_docker --model /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) in_docker --model /m --max-num-seqs 512 ;;
esac
