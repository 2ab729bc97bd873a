#!/bin/sh
# A case branch holding only ':' takes the shared path too: bench is a
# mode, and its own step is a private shape.
. "$(dirname "$0")/r.env"
step=$R_MAX_BATCHED_TOKENS
case "$1" in
  serve) : ;;
  bench) step=65536 ;; # want "bench boots with --max-num-batched-tokens 65536 where serve boots with 1024" "bench passes --max-num-batched-tokens 65536"
  *) exit 2 ;;
esac
exec radiance serve /m --max-model-len 32768 --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$step" --ngram-placement disk
