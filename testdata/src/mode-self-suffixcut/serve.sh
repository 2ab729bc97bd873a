#!/bin/bash
# Installed as serve.sh and kl.sh (a symlink): me=${0##*/}; mode=${me%.sh}
# is basename "$0" .sh in two steps. The cut name was not read as the
# name, so the script had no modes and kl.sh's own --max-num-seqs went
# unseen.
set -euo pipefail
. "$(dirname "$0")/serve.env"
me=${0##*/}
mode=${me%.sh}
seqs=$MAX_NUM_SEQS
case $mode in
  serve) ;;
  kl) seqs=16 ;; # want "kl.sh boots with --max-num-seqs 16 where serve.sh boots with 64" "kl.sh passes --max-num-seqs 16 through the mode-local seqs=16"
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN"
