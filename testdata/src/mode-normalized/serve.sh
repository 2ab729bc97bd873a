#!/usr/bin/env bash
# The mode is normalised before the dispatch: ./serve.sh KL or kl_ref.
set -euo pipefail
. "$(dirname "$0")/mn.env"
mode=$(echo "${1:-serve}" | tr '[:upper:]' '[:lower:]' | sed 's/_/-/g')
case "$mode" in
  serve) exec vllm serve /m --max-num-seqs "$MN_MAX_NUM_SEQS" --max-num-batched-tokens "$MN_MAX_NUM_BATCHED_TOKENS" ;;
  kl-ref) exec vllm serve /m --max-num-seqs "$MN_MAX_NUM_SEQS" --max-num-batched-tokens 2048 ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
# want@8 "kl-ref boots with --max-num-batched-tokens 2048 where serve boots with 8192" "kl-ref passes --max-num-batched-tokens 2048"
