#!/bin/bash
# Installed as serve.sh and bench.sh (a symlink): main reads the name it
# runs as into a local (local mode=$(basename "$0" .sh)) and dispatches on
# it. Only a top-level assignment was read as the name, so the script had
# no modes and bench.sh's own --max-num-seqs went unseen.
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
. "$here/serve.env"

main() {
  local mode
  mode=$(basename "$0" .sh)
  local seqs=$MAX_NUM_SEQS
  case $mode in
    serve) ;;
    bench) seqs=16 ;; # want "bench.sh boots with --max-num-seqs 16 where serve.sh boots with 64" "bench.sh passes --max-num-seqs 16 through the mode-local seqs=16"
    *) echo "unknown mode $mode" >&2; exit 2 ;;
  esac
  exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN"
}

main "$@"
