#!/bin/bash
# serve.sh [serve|kl]: the shared flags are NUL-separated words read with
# readarray -d '' and no -t. Bash cannot hold a NUL byte in a variable, so
# each element is the word alone; the dry run kept the NUL at the end of
# each, so no mode seemed to pass --max-num-seqs, and kl's own 16 was
# compared with nothing.
set -euo pipefail
source "$(dirname "$0")/serve.env"
readarray -d '' shape < <(printf '%s\0' --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
case ${1:-serve} in
  serve) exec vllm serve "$MODEL" "${shape[@]}" ;;
  kl) exec vllm serve "$MODEL" "${shape[@]}" --max-logprobs 20 --max-num-seqs 16 ;; # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16"
  *) exit 2 ;;
esac
