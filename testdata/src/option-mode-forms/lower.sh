#!/usr/bin/env bash
# --mode KL: the value lower-cased, ${2,,}, is still the option's.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mode) MODE="${2,,}"; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 1 ;;
  esac
done
case "$MODE" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$OF_MAX_NUM_SEQS" --max-num-batched-tokens "$OF_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$OF_MAX_NUM_SEQS" --max-num-batched-tokens 2048 ;; # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 8192" "kl passes --max-num-batched-tokens 2048"
esac
