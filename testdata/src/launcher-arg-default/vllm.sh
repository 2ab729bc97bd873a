#!/usr/bin/env bash
# The same default on a flag of the argv: bench's second word is its own
# --max-num-seqs; serve and kl take the owner's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
boot() { exec vllm serve /m --port "$1" --max-num-seqs "${2:-$VLLM_MAX_NUM_SEQS}" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"; }
case "${1:-serve}" in
  serve) boot 8000 ;;
  kl) boot 8001 "$VLLM_MAX_NUM_SEQS" ;;
  bench) boot 8002 64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 256" "bench passes --max-num-seqs 64 to --max-num-seqs .line 6.; .*serve.env:1 owns it as VLLM_MAX_NUM_SEQS=256"
esac
