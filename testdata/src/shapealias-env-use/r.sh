#!/usr/bin/env bash
# Lines 4 and 5 of r.env read the shim R_KL_MAX_SEQS, and so does the
# client's arithmetic: deleting the shim rewrites them to read the owner.
set -euo pipefail
. "$(dirname "$0")/r.env"
case "${1:?usage: r.sh serve|kl}" in
  serve) exec vllm serve /m --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$R_MAX_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs "$R_KL_MAX_SEQS" --max-num-batched-tokens "$R_MAX_BATCHED_TOKENS" ;; # want "kl reads R_KL_MAX_SEQS, a shim of R_MAX_SEQS"
esac
