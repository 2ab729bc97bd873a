#!/usr/bin/env bash
# The engine is booted by launchers of a sourced library (lib/run.sh): each
# mode's call hands them its own words.
set -euo pipefail
source "$(dirname "$0")/lib/run.sh"
source "$(dirname "$0")/serve.env"
case "$1" in
  serve) in_docker --model /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) in_docker --model /m --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
  bench) in_docker --model /m --max-num-seqs 512 ;; # want "bench boots with --max-num-seqs 512 where serve boots with 64" "bench passes --max-num-seqs 512"
esac
