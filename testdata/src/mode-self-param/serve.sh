#!/usr/bin/env bash
# The name the script runs as, read as ${0##*/} and as $(basename -- "$0"
# .sh) held in a variable. The script's own name (serve.sh) takes the *)
# arm: it is the proven mode, no arm of its own.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$MAX_NUM_SEQS
len=$MAX_MODEL_LEN
case ${0##*/} in
  bench.sh) seqs=16 ;; # want "bench.sh passes --max-num-seqs 16 through the mode-local seqs=16" "bench.sh boots with --max-num-seqs 16 where serve.sh boots with 8"
  *) ;;
esac
me=$(basename -- "$0" .sh)
case $me in
  long) len=4096 ;; # want "long.sh passes --max-model-len 4096 through the mode-local len=4096" "long.sh boots with --max-model-len 4096 where serve.sh boots with 1024"
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$len"
