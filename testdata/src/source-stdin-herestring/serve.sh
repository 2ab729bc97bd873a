#!/bin/bash
# serve.sh [serve|kl]: serve.env is loaded the way a bash whose source
# cannot read <(…) does, source /dev/stdin <<< "…". The dry run refused
# /dev/stdin (outside the tree), so no mode's argv was compared.
set -euo pipefail
source /dev/stdin <<< "$(grep -v '^#' "$(dirname "$0")/serve.env")"
case ${1:-serve} in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 2048 ;; # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 8192" "kl passes --max-num-batched-tokens 2048"
  *) exit 2 ;;
esac
