#!/usr/bin/env bash
# The function builds the path around its argument from the script's own
# directory, $(dirname "$0"): load serve is . "<dir>/env/serve.env", the
# owner of the shape.
load() { set -a; . "$(dirname "$0")/env/$1.env"; set +a; }
load serve
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec vllm serve /m --max-num-seqs 256 --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" ;; # want "bench boots with --max-num-seqs 256 where serve boots with 128" "bench passes --max-num-seqs 256; .*env/serve.env:1 owns it as VLLM_MAX_NUM_SEQS=128"
esac
