#!/usr/bin/env bash
# Role names pair within their family (prefill with decode, ctx with gen):
# kl-spec-decode and kl-long-context are two scoring modes, not a decode
# role and a context role, so their shapes are compared.
set -euo pipefail
. "$(dirname "$0")/serve.env"
SPEC=()
case "$1" in
  serve|kl) ;;
  kl-spec-decode) SPEC=(--speculative-config '{"method":"ngram","num_speculative_tokens":4}') ;;
  kl-long-context) ACME_MAX_NUM_BATCHED_TOKENS=32768 ;; # want "kl-long-context re-assigns the owner ACME_MAX_NUM_BATCHED_TOKENS=32768" "kl-long-context boots with --max-num-batched-tokens 32768 where serve boots with 8192"
esac
exec vllm serve /m --max-model-len "$ACME_MAX_MODEL_LEN" --max-num-seqs "$ACME_MAX_NUM_SEQS" --max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS" "${SPEC[@]}"
