#!/usr/bin/env bash
# Prefill and decode roles set their own numbers in library functions: other
# shapes on purpose, nothing to report.
set -euo pipefail
source "$(dirname "$0")/lib/roles.sh"
source "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) role_serve ;;
  prefill) role_prefill ;;
  decode) role_decode ;;
esac
exec vllm serve --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" "${EXTRA[@]}"
