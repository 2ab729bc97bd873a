#!/usr/bin/env bash
set -euo pipefail
here=$(dirname "$0")
source "$here/other.env"
case "${1:-serve}" in
  serve) source "$here/other.env"; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) MAX_NUM_SEQS=32; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;; # want "bench re-assigns the owner MAX_NUM_SEQS=32 inside the mode" "bench boots with --max-num-seqs 32 where serve boots with 256"
esac
