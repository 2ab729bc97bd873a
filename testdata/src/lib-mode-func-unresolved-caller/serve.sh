#!/usr/bin/env bash
# kl's own seat count lives in lib/modes.sh; eval.sh sources the library
# by a path read from git (not resolved) and runs mode_kl on its only path:
# deleting it there would change what eval.sh boots with, so no fix.
set -euo pipefail
source "$(dirname "$0")/lib/modes.sh"
source "$(dirname "$0")/serve.env"
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS") # want "kl boots with --max-num-seqs 4 where serve boots with 64"
case "${1:-serve}" in
  serve) mode_serve ;;
  kl) mode_kl ;;
esac
exec vllm serve "${args[@]}" "${EXTRA[@]}"
