#!/bin/bash
# The function builds the argv in two steps through its nameref (out=(…),
# then out+=(…)): both are what argv holds.
set -euo pipefail
. "$(dirname "$0")/serve.env"
build() {
  local -n out=$1
  out=(serve "$MODEL")
  out+=(--max-num-seqs "$2" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
}
case "${1:-serve}" in
  serve) build argv "$MAX_NUM_SEQS" ;;
  kl) build argv 16 ;; # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16 to --max-num-seqs"
  *) exit 2 ;;
esac
exec vllm "${argv[@]}"
