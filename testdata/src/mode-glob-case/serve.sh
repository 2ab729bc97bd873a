#!/bin/sh
# Modes named by case globs (bench*), in POSIX sh: the arm's seats were a
# mode's own but no mode's. serve-fast* before serve* is a mode of its own
# (its arm comes first); serve* is the proven serve.
set -eu
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
seqs=$MAX_NUM_SEQS
case $mode in
  serve-fast*) seqs=4 ;; # want "serve-fast \(as serve-fast\*\)" "serve-fast \(as serve-fast\*\) boots with --max-num-seqs 4 where serve boots with 8"
  serve*) ;;
  bench*) seqs=16 ;; # want "bench \(as bench\*\)" "bench \(as bench\*\) boots with --max-num-seqs 16 where serve boots with 8"
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
