#!/bin/bash
# A container entrypoint: MODE picks the engine's shape inside start(), and
# each mode's engine forwards the container's CMD ("$@"). Two engines that
# forward "$@" in one function are each their own mode's, not one wrapper
# (only the last one was kept: bench's 16 seats went unseen).
. "$(dirname "$0")/ef.env"
MODE=${MODE:-serve}
start() {
  case "$MODE" in
    bench) exec vllm serve /m --max-num-seqs 16 --max-num-batched-tokens "$EF_MAX_NUM_BATCHED_TOKENS" "$@" ;; # want "bench boots with --max-num-seqs 16 where serve boots with 8" "^bench passes --max-num-seqs 16"
    serve) exec vllm serve /m --max-num-seqs "$EF_MAX_NUM_SEQS" --max-num-batched-tokens "$EF_MAX_NUM_BATCHED_TOKENS" "$@" ;;
  esac
}
start "$@"
