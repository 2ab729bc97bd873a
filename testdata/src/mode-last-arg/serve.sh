#!/bin/bash
# The mode taken from the last word (mode=${!#}, "${@: -1}") named none:
# only $1 seeded the selectors. The dry run passes the mode word alone, so
# the last word is it.
set -eu
. "$(dirname "$0")/serve.env"
mode=${!#}
seqs=$MAX_NUM_SEQS
case $mode in
  serve) ;;
  bench) seqs=16 ;; # want "bench passes --max-num-seqs 16" "bench boots with --max-num-seqs 16 where serve boots with 8"
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
