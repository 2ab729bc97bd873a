#!/bin/bash
# shopt -s nocasematch in the strict preamble: interp lacks the option, and
# the dry run ended every mode there ("unsupported option").
set -euo pipefail
shopt -s nocasematch extglob nullglob
. "$(dirname "${BASH_SOURCE[0]}")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8001 ;;
esac
