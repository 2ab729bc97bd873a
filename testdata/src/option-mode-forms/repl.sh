#!/usr/bin/env bash
# --mode=*) MODE=${1/--mode=/}: the option's value, not a $1 mode.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mode=*) MODE=${1/--mode=/}; shift ;;
    *) shift ;;
  esac
done
case "$MODE" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$OF_MAX_NUM_SEQS" --max-num-batched-tokens "$OF_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 --max-num-batched-tokens "$OF_MAX_NUM_BATCHED_TOKENS" ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
esac
