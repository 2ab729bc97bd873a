#!/usr/bin/env bash
# --max-num-seqs reads CONCURRENCY through a variable every mode shares;
# kl's own value for it is a mode-local copy.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$CONCURRENCY
case "$1" in
  serve) ;;
  kl) seqs=4 ;; # want "kl passes --max-num-seqs 4 .*serve.env:1 owns it as CONCURRENCY=16" "kl boots with --max-num-seqs 4 where serve boots with 16"
  *) echo "usage: $0 serve|kl" >&2; exit 2 ;;
esac
exec vllm serve /models/llama --max-num-seqs "$seqs" --max-num-batched-tokens "$STEP_TOKENS"
