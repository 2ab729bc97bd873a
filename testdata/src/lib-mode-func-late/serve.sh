#!/usr/bin/env bash
# The library is sourced after the branches run: mode_kl is not defined yet
# when kl calls it (command not found), so its seat count never reaches the
# argv; nothing to report, and no fix may edit the library.
source "$(dirname "$0")/serve.env"
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
case "${1:-serve}" in
  serve) mode_serve ;;
  kl) mode_kl ;;
esac
source "$(dirname "$0")/lib/modes.sh"
exec vllm serve "${args[@]}" "${EXTRA[@]}"
