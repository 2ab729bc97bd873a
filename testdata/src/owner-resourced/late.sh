#!/usr/bin/env bash
# The source comes before bench's own number, or only in another mode's
# branch: bench boots with 32 where the owner says 256.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) source "$here/late.env"; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) source "$here/late.env"; MAX_NUM_SEQS=32; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;; # want "bench re-assigns the owner MAX_NUM_SEQS=32 inside the mode" "bench boots with --max-num-seqs 32 where serve boots with 256"
esac
