#!/bin/bash
# Arms naming their modes by brackets of letters ([Ss]erve, [Bb]ench) named
# none: a bracket of letters matches a few spellings of one word, the mode
# it names (serve still the proven one).
set -eu
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
seqs=$MAX_NUM_SEQS
case $mode in
  [Ss]erve) ;;
  [Bb]ench) seqs=16 ;; # want "bench \(as \[Bb\]ench\) passes --max-num-seqs 16" "bench \(as \[Bb\]ench\) boots with --max-num-seqs 16 where serve boots with 8"
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
