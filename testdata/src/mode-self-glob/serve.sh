#!/usr/bin/env bash
# A glob arm of a case on the name the script runs as (a symlink
# serve-bench.sh takes *bench*) was no mode: its own seats went unseen.
# It is evaluated as a file beside the script that the glob matches
# (bench.sh, with the script's extension); a glob that takes the script's
# own name (serve*) is the proven mode's arm; *.sh names no word.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$MAX_NUM_SEQS
case "${0##*/}" in
  serve*) ;;
  *bench*) seqs=16 ;; # want "bench.sh \(as \*bench\*\) passes --max-num-seqs 16 through the mode-local seqs=16" "bench.sh \(as \*bench\*\) boots with --max-num-seqs 16 where serve.sh boots with 8"
  *.sh) ;;
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
