#!/usr/bin/env bash
# A client reads the shim where bash evaluates text as arithmetic (a let
# string, a declare -i value, a [[ -gt ]] operand): those reads cannot be
# rewritten, so the shim stays (reported, without a fix) and only the
# mode's read is rewired.
set -euo pipefail
. "$(dirname "$0")/r.env"
case "$1" in
  serve) exec vllm serve /m --port 8000 --max-num-seqs "$J_MAX_SEQS" --max-num-batched-tokens "$J_MAX_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --port 8001 --max-num-seqs "$J_KL_MAX_SEQS" --max-num-batched-tokens "$J_MAX_BATCHED_TOKENS" ;; # want "kl reads J_KL_MAX_SEQS, a shim of J_MAX_SEQS"
esac
