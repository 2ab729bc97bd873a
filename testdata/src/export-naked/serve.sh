#!/usr/bin/env bash
# export and readonly without a value give the owners an attribute, not a
# value: every mode still reads 64 and 8192. ACME_HF_TOKEN is exported from
# the caller's environment on purpose: not a key the env file must own.
set -eo pipefail
. "$(dirname "$0")/acme.env"
export ACME_MAX_NUM_SEQS ACME_HF_TOKEN
readonly ACME_MAX_NUM_BATCHED_TOKENS
case "$1" in
  serve|kl)
    exec vllm serve /m --max-num-seqs "$ACME_MAX_NUM_SEQS" \
      --max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS" --hf-token "$ACME_HF_TOKEN" ;;
esac
