#!/usr/bin/env bash
# The env file is picked by a function that sources a path built around its
# argument: load serve is . "$here/env/serve.env", the owner of the shape.
here=$(dirname "$0")
load() { set -a; . "$here/env/$1.env"; set +a; }
load serve
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec vllm serve /m --max-num-seqs 256 --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" ;; # want "bench boots with --max-num-seqs 256 where serve boots with 128" "bench passes --max-num-seqs 256; .*env/serve.env:1 owns it as VLLM_MAX_NUM_SEQS=128"
esac
