#!/bin/bash
# Installed as serve.sh and kl.sh (a symlink): the name it runs as, read
# from BASH_SOURCE (the path bash ran, symlink name and all), picks the
# mode. Only "$0" was read as the name, so the script had no modes and
# kl.sh's own --max-num-seqs went unseen. main's own local read of the
# name (local mode=$(basename "$0" .sh)) picks long.sh's length.
set -euo pipefail
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/serve.env"
me=$(basename "${BASH_SOURCE[0]}")
seqs=$MAX_NUM_SEQS
case $me in
  serve.sh) ;;
  kl.sh) seqs=16 ;; # want "kl.sh boots with --max-num-seqs 16 where serve.sh boots with 64" "kl.sh passes --max-num-seqs 16 through the mode-local seqs=16"
esac
run() {
  local mode=$(basename "$0" .sh) len=$MAX_MODEL_LEN
  case $mode in
    long) len=16384 ;; # want "long.sh boots with --max-model-len 16384 where serve.sh boots with 8192" "long.sh passes --max-model-len 16384 through the mode-local len=16384"
  esac
  exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$len"
}
run "$@"
