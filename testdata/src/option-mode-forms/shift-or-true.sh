#!/usr/bin/env bash
# `shift || true` before the value is a shift: --mode's value is $1 then.
# (It was read as a $1 mode: the dry run passed kl alone, the loop dropped
# it and kl's argv was serve's.)
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
while [[ $# -gt 0 ]]; do
  case "$1" in
    -m|--mode) shift || true; MODE="${1:-serve}"; shift || true ;;
    *) shift ;;
  esac
done
case "$MODE" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$OF_MAX_NUM_SEQS" --max-num-batched-tokens "$OF_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 --max-num-batched-tokens "$OF_MAX_NUM_BATCHED_TOKENS" ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
esac
