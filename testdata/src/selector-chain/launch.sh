#!/usr/bin/env bash
# The mode reaches the case through two variables.
set -euo pipefail
. "$(dirname "$0")/m.env"
arg=${1:-serve}
MODE=$arg
step=$M_MAX_NUM_BATCHED_TOKENS
case $MODE in
  serve) ;;
  kl) step=16384;; # want "kl boots with --max-num-batched-tokens 16384 where serve boots with 4096" "kl passes --max-num-batched-tokens 16384"
  *) echo bad; exit 2;;
esac
exec vllm serve /models/m --max-num-seqs "$M_MAX_NUM_SEQS" --max-num-batched-tokens "$step"
