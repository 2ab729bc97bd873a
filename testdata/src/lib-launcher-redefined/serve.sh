#!/usr/bin/env bash
# lib/launch.sh's launcher, sourced after lib/run.sh's runner of the same
# name, is what each mode calls.
set -euo pipefail
source "$(dirname "$0")/lib/run.sh"
source "$(dirname "$0")/lib/launch.sh"
source "$(dirname "$0")/serve.env"
case "$1" in
  serve) launch --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) launch --max-num-seqs 512 ;; # want "bench boots with --max-num-seqs 512 where serve boots with 64" "bench passes --max-num-seqs 512"
esac
