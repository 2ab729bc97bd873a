#!/bin/bash
# Installed as serve.sh and kl.sh (a symlink): the name it runs as picks the
# mode unless MODE names one (mode=${MODE:-$(basename "$0" .sh)}). That
# default was not read as the name, so the script had no modes and kl.sh's
# own --max-num-seqs went unseen (hunt 10, t01). The dry run sets no MODE.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/serve.env"
mode=${MODE:-$(basename "$0" .sh)}
seqs=$MAX_NUM_SEQS
case $mode in
  serve) ;;
  kl) seqs=16 ;; # want "kl.sh boots with --max-num-seqs 16 where serve.sh boots with 64" "kl.sh passes --max-num-seqs 16 through the mode-local seqs=16"
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN"
