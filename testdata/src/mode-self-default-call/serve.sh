#!/usr/bin/env bash
# The script's own name (serve.sh) takes the *) arm, which calls a
# function: its body is serve.sh's own code, as an arm's is. It was read as
# shared code, the step reported at the argv as no mode's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$MAX_NUM_SEQS
start_default() {
  seqs=4 # want "serve.sh passes --max-num-seqs 4 through the mode-local seqs=4 \(line 9\)"
}
case ${0##*/} in
  bench.sh) seqs=16 ;; # want "bench.sh passes --max-num-seqs 16 through the mode-local seqs=16" "bench.sh boots with --max-num-seqs 16 where serve.sh boots with 4"
  *) start_default ;;
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
