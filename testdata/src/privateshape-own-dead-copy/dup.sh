#!/usr/bin/env bash
# A whole command per mode. kl's own --max-num-seqs 16 comes first and the
# owner's copy after it: the engine takes the owner's. The finding is on the
# 16 (rewritten to the owner, then the duplicate goes); deleting the owner's
# copy instead would boot kl with 16. bench passes the owner's twice.
set -euo pipefail
. "$(dirname "$0")/dup.env"
case "$1" in
  serve)
    exec vllm serve "$DUP_MODEL" --max-num-seqs "$DUP_MAX_NUM_SEQS" \
      --max-num-batched-tokens "$DUP_MAX_NUM_BATCHED_TOKENS"
    ;;
  kl)
    exec vllm serve "$DUP_MODEL" --max-num-seqs 16 \
      --max-num-batched-tokens "$DUP_MAX_NUM_BATCHED_TOKENS" --max-num-seqs "$DUP_MAX_NUM_SEQS" # want@14 "kl passes --max-num-seqs 16; .*dup.env:2 owns it as DUP_MAX_NUM_SEQS=64"
    ;;
  bench)
    exec vllm serve "$DUP_MODEL" --max-num-seqs "$DUP_MAX_NUM_SEQS" \
      --max-num-batched-tokens "$DUP_MAX_NUM_BATCHED_TOKENS" --max-num-seqs "$DUP_MAX_NUM_SEQS" # want "bench passes a second --max-num-seqs \"\$DUP_MAX_NUM_SEQS\" that overrides its own earlier one \(line 18\)"
    ;;
esac
