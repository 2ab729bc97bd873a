#!/usr/bin/env bash
# The env file is sourced through a process substitution that drops its
# comments: the dry run reads it as eval "$(…)" (it stopped every mode).
set -euo pipefail
source <(grep -v '^\s*#' "$(dirname "$0")/ps.env")
mode=$(echo "$1" | tr A-Z a-z)
case "$mode" in
  serve) exec vllm serve /m --max-num-seqs "$PS_MAX_NUM_SEQS" --max-num-batched-tokens "$PS_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs "$PS_MAX_NUM_SEQS" --max-num-batched-tokens 4096 ;; # want "kl boots with --max-num-batched-tokens 4096 where serve boots with 1024" "^kl passes --max-num-batched-tokens 4096"
esac
