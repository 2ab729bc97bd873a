#!/usr/bin/env bash
# bench's extra flags are a string expanded after the shared ones: its
# --max-num-seqs overrides the owner's.
. "$(dirname "$0")/k.env"
case "$1" in
  serve) ;;
  bench) EXTRA="--port 8002 --max-num-seqs 256" ;; # want "bench passes a second --max-num-seqs 256 that overrides the shared one" "bench boots with --max-num-seqs 256 where serve boots with 32"
esac
exec vllm serve /m --max-num-seqs "$K_MAX_NUM_SEQS" --max-num-batched-tokens "$K_MAX_NUM_BATCHED_TOKENS" $EXTRA
