#!/bin/sh
# A glob whose literal text an earlier arm takes (serve* after serve) was
# dropped, its own seats no mode's. It is evaluated with serve-x, a word
# the glob matches that no earlier arm takes; *bench after bench) takes no
# word found so simply and stays no mode.
set -eu
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
seqs=$MAX_NUM_SEQS
case $mode in
  serve) ;;
  serve*) seqs=4 ;; # want "serve-x \(as serve\*\) passes --max-num-seqs 4 through the mode-local seqs=4" "serve-x \(as serve\*\) boots with --max-num-seqs 4 where serve boots with 8"
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
