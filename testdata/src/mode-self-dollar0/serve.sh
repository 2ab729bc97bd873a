#!/usr/bin/env bash
# A case on "$0" itself (not its basename) picks the mode by the name the
# script runs as (a symlink bench.sh, kl.sh): its arms were no modes, so
# their own seats went unseen. An arm matches the path the run's $0 is,
# directory and all (*/bench.sh, *kl.sh: their names, wherever the
# script lives).
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$MAX_NUM_SEQS
case "$0" in
  */bench.sh) seqs=16 ;; # want "bench.sh \(as \*/bench.sh\) passes --max-num-seqs 16 through the mode-local seqs=16" "bench.sh \(as \*/bench.sh\) boots with --max-num-seqs 16 where serve.sh boots with 8"
  *kl.sh) seqs=4 ;; # want "kl.sh \(as \*kl.sh\) passes --max-num-seqs 4 through the mode-local seqs=4" "kl.sh \(as \*kl.sh\) boots with --max-num-seqs 4 where serve.sh boots with 8"
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
