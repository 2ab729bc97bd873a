#!/usr/bin/env bash
# kl-spec-decode is a scoring mode for speculative decoding, not a
# disaggregated decode role: its 4x step is compared.
. "$(dirname "$0")/k.env"
args=(serve /m --max-num-seqs "$K_MAX_NUM_SEQS" --max-num-batched-tokens "$K_MAX_NUM_BATCHED_TOKENS")
case "$1" in
  serve) ;;
  kl) args+=(--kl-dump /tmp/kl) ;;
  kl-spec-decode) args+=(--kl-dump /tmp/kl --speculative-model /d --max-num-batched-tokens "$((K_MAX_NUM_BATCHED_TOKENS*4))") ;; # want "kl-spec-decode passes a second --max-num-batched-tokens" "kl-spec-decode boots with --max-num-batched-tokens 16384 where serve boots with 4096"
esac
exec vllm "${args[@]}"
