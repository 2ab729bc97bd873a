#!/bin/bash
# The engine's argv built through a nameref, every mode at the owner's
# numbers (kl adds only --max-logprobs): nothing to report.
set -euo pipefail
. "$(dirname "$0")/serve.env"
build() { local -n out=$1; out=(serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"); }
case "${1:-serve}" in
  serve) build argv; exec vllm "${argv[@]}" ;;
  kl) build argv; exec vllm "${argv[@]}" --max-logprobs 20 ;;
esac
