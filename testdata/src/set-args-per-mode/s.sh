#!/bin/sh
# Each mode sets the positional parameters afresh, in its own branch: one
# list of words, each mode's at its place; kl's own seats are found.
. "$(dirname "$0")/s.env"
case $1 in
  serve) set -- --max-num-seqs "$B_MAX_NUM_SEQS" --port 8000 ;;
  kl)    set -- --max-num-seqs 16 --port 8001 ;; # want "kl passes --max-num-seqs 16" "kl boots with --max-num-seqs 16 where serve boots with 64"
  *) echo "usage: $0 serve|kl" >&2; exit 2 ;;
esac
exec vllm serve /models/m --max-num-batched-tokens "$B_MAX_NUM_BATCHED_TOKENS" "$@"
