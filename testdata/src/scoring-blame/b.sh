#!/usr/bin/env bash
# kl, the first scoring mode, left the proven shape; eval kept it and is not
# blamed for differing from kl.
set -euo pipefail
. "$(dirname "$0")/b.env"
case "$1" in
  kl) step=2048 ;; # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 4096" "kl passes --max-num-batched-tokens 2048"
  serve|eval) step=$B_MAX_NUM_BATCHED_TOKENS ;;
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$B_MAX_NUM_SEQS" --max-num-batched-tokens "$step"
