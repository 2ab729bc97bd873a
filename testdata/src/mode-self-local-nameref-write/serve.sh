#!/bin/bash
# main reads the name it runs as into its local mode, then, unless
# FORCE_MODE is set, replaces it through setv's nameref (setv mode serve):
# bench.sh boots as serve.sh does. The one assignment was taken for the
# mode's only value, and bench.sh was said to pass its own --max-num-seqs.
set -euo pipefail
. "$(dirname "$0")/serve.env"
setv() { local -n _o=$1; _o=$2; }
main() {
  local mode
  mode=$(basename "$0" .sh)
  [[ -n ${FORCE_MODE:-} ]] || setv mode serve
  local seqs=$MAX_NUM_SEQS
  case $mode in
    serve) ;;
    bench) seqs=16 ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
  esac
  exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN"
}
main "$@"
