#!/bin/bash
# serve.sh [serve|kl]: the shared flags are NUL-separated words read with
# readarray -d ''. The dry run held printf's output without its NUL bytes,
# so shape was one word of all flags run together: serve seemed to pass
# no --max-num-seqs, and kl's own 16 was compared with nothing.
set -euo pipefail
source "$(dirname "$0")/serve.env"
readarray -d '' -t shape < <(printf '%s\0' --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
case ${1:-serve} in
  serve) exec vllm serve "$MODEL" "${shape[@]}" ;;
  kl) exec vllm serve "$MODEL" "${shape[@]}" --max-logprobs 20 --max-num-seqs 16 ;; # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16"
  *) exit 2 ;;
esac
