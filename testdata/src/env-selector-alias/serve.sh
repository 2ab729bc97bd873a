#!/bin/bash
# MODE=kl serve.sh: the mode comes from the environment through a variable
# of the script's own, mode=${MODE:-serve}. No mode was found, so kl's own
# --max-num-seqs went unseen.
set -euo pipefail
source "$(dirname "$0")/serve.env"
mode=${MODE:-serve}
case $mode in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-num-seqs 16 ;; # want "kl passes a second --max-num-seqs 16" "kl boots with --max-num-seqs 16 where serve boots with 64"
  *) exit 2 ;;
esac
