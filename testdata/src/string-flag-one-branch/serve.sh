#!/usr/bin/env bash
# Each mode sets a string holding one flag, expanded unquoted: bench's
# --max-num-seqs=256 is its own, read as a string of two flags would be.
# SEED's -1 is a value, no flag.
set -euo pipefail
source "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) SEQS="--max-num-seqs=$MAX_NUM_SEQS"; SEED=-1 ;;
  kl) SEQS="--max-num-seqs=$MAX_NUM_SEQS"; SEED=-1 ;;
  bench) SEQS="--max-num-seqs=256"; SEED=0 ;; # want "bench passes --max-num-seqs 256; .*serve.env:2 owns it as MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 256 where serve boots with 64"
esac
exec vllm serve "$MODEL" $SEQS --seed $SEED
