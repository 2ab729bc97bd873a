#!/usr/bin/env bash
# Another env file reads the shim U_KL_MAX_SEQS: in whatever order the two
# are sourced, deleting the shim is not known to be safe, so only the mode's
# read is rewritten and the shim stays (reported, without a fix).
set -euo pipefail
here=$(dirname "$0")
. "$here/u.env"
. "$here/clients.env"
case "${1:?usage: u.sh serve|kl}" in
  serve) exec vllm serve /m --max-num-seqs "$U_MAX_SEQS" --max-num-batched-tokens "$U_MAX_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs "$U_KL_MAX_SEQS" --max-num-batched-tokens "$U_MAX_BATCHED_TOKENS" ;; # want "kl reads U_KL_MAX_SEQS, a shim of U_MAX_SEQS"
esac
echo "clients: $U_CLIENT_CONCURRENCY"
