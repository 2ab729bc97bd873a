#!/usr/bin/env bash
# The env file is loaded by the script's own function.
here=$(dirname "$0")
load_env() { set -a; . "$1"; set +a; }
load_env "$here/conf/shape.env"
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec vllm serve /m --max-num-seqs 256 --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" ;; # want "bench boots with --max-num-seqs 256 where serve boots with 128" "bench passes --max-num-seqs 256; .*conf/shape.env:1 owns it as VLLM_MAX_NUM_SEQS=128"
esac
