#!/usr/bin/env bash
# After declare -i, an assignment's value is arithmetic: seqs=MAX_NUM_SEQS
# holds the owner's 64, not the text "MAX_NUM_SEQS" (no mode-local literal,
# and the owner is used); 2*MAX_NUM_SEQS is arithmetic on the owner, as
# (( seqs = 2 * MAX_NUM_SEQS )) is.
set -euo pipefail
. "$(dirname "$0")/serve.env"
declare -i tokens
tokens=MAX_NUM_BATCHED_TOKENS
case "${1:-serve}" in
  serve) declare -i seqs=MAX_NUM_SEQS ;;
  later) declare -i seqs; seqs=MAX_NUM_SEQS ;;
  bench) declare -i seqs=2*MAX_NUM_SEQS ;; # want "bench boots with --max-num-seqs 128" "bench passes --max-num-seqs 2[*]MAX_NUM_SEQS .line 16., arithmetic on its owner"
  smoke) declare -i seqs=256 ;; # want "smoke boots with --max-num-seqs 256" "smoke passes --max-num-seqs 256 through the mode-local seqs=256"
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$tokens"
