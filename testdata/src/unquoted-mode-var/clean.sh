#!/usr/bin/env bash
# The clean twin: every mode hands the owner's value, unquoted.
set -euo pipefail
. "$(dirname "$0")/clean.env"
case "${1:-serve}" in
  serve) seqs=$VLLM_MAX_NUM_SEQS ;;
  bench) seqs=${VLLM_MAX_NUM_SEQS} ;;
esac
exec vllm serve /m --max-num-seqs $seqs
