#!/usr/bin/env bash
# A runner function of a sourced library (lib/common.sh) boots the engine:
# the modes are seen as they are with run() defined here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib/common.sh"
. "$here/shape.env"
case "${1:-serve}" in
  serve) run vllm serve /m --max-num-seqs "$R_MAX_NUM_SEQS" --max-num-batched-tokens "$R_MAX_NUM_BATCHED_TOKENS" ;;
  kl) run vllm serve /m --max-num-seqs "$R_MAX_NUM_SEQS" --max-num-batched-tokens "$R_MAX_NUM_BATCHED_TOKENS" --seed 0 ;;
  bench) run vllm serve /m --max-num-seqs 32 --max-num-batched-tokens "$R_MAX_NUM_BATCHED_TOKENS" ;; # want "bench boots with --max-num-seqs 32 where serve boots with 8" "bench passes --max-num-seqs 32"
  eval) retry 3 vllm serve /m --max-num-seqs "$R_MAX_NUM_SEQS" --max-num-batched-tokens 4096 ;; # want "eval boots with --max-num-batched-tokens 4096 where serve boots with 2048; scoring numbers" "eval passes --max-num-batched-tokens 4096"
  stop) run pkill -f "vllm serve" ;;
esac
