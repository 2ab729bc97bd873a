#!/bin/bash
# MODE=${MODE:-${1:-serve}}: the caller's MODE, else the first word, else
# serve, as : "${MODE:=${1:-serve}}" is. MODE was taken for no selector, so
# no mode was found and bench's own 16 was missed.
. "$(dirname "$0")/s.env"
MODE=${MODE:-${1:-serve}}
case $MODE in
  serve) n=$S ;;
  bench) n=16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 8" "bench passes --max-num-seqs 16 through the mode-local n=16"
esac
exec vllm serve /m --max-num-seqs "$n"
