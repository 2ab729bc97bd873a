#!/usr/bin/env bash
# lib/print.sh's launch (echo) replaces lib/launch.sh's: no engine is booted.
set -euo pipefail
source "$(dirname "$0")/lib/launch.sh"
source "$(dirname "$0")/lib/print.sh"
source "$(dirname "$0")/serve.env"
case "$1" in
  serve) launch --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) launch --max-num-seqs 512 ;;
esac
