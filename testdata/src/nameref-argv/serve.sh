#!/bin/bash
# The engine's argv is built by a function through a nameref (build argv
# 16: out=(…) writes argv): argv was never assigned, so "${argv[@]}" read
# as nothing, no engine was found and the script had no modes; kl's own
# --max-num-seqs went unseen (hunt 10, m13).
set -euo pipefail
. "$(dirname "$0")/serve.env"
build() { local -n out=$1; out=(serve "$MODEL" --max-num-seqs "$2" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"); }
case "${1:-serve}" in
  serve) build argv "$MAX_NUM_SEQS"; exec vllm "${argv[@]}" ;;
  kl) build argv 16; exec vllm "${argv[@]}" ;; # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16 to --max-num-seqs"
esac
