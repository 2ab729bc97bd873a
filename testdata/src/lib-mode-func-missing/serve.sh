#!/usr/bin/env bash
# The library is not there: its functions are not known, nothing to report
# and nothing to crash on.
set -euo pipefail
source "$(dirname "$0")/lib/modes.sh"
source "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) mode_serve ;;
  kl) mode_kl ;;
esac
exec vllm serve --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" "${EXTRA[@]}"
