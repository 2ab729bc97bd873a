#!/bin/sh
# kl starts the positional parameters afresh with the same owners: no
# second copy, nothing to fix (the words are no longer one list).
. "$(dirname "$0")/serve.env"
mode=$1
set -- --max-num-seqs "$P17_MAX_NUM_SEQS" --max-num-batched-tokens "$P17_MAX_NUM_BATCHED_TOKENS"
case $mode in
  serve) set -- "$@" --port 8000 ;;
  kl) set -- --max-num-seqs "$P17_MAX_NUM_SEQS" --max-num-batched-tokens "$P17_MAX_NUM_BATCHED_TOKENS" --port 8001 ;;
  *) exit 2 ;;
esac
exec vllm serve /models/m "$@"
