#!/usr/bin/env bash
here=$(dirname "$0")
. "$here/s.env"
case "$1" in
  serve) exec vllm serve m --max-num-seqs "$S_MAX_NUM_SEQS" ;;
  kl) exec vllm serve m --max-num-seqs "$S_MAX_NUM_SEQ" ;; # want "kl boots with --max-num-seqs '' where serve boots with 8;"
esac
