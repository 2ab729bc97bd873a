#!/usr/bin/env bash
# Each mode writes its whole command; bench's passes --max-num-seqs from the
# owner and then a second copy of its own, which the engine keeps. The fix
# deletes the copy: writing the owner into it would boot bench with the
# flag twice, an argv that is not serve's.
set -euo pipefail
. "$(dirname "$0")/po.env"
case "${1:-}" in
  serve)
    exec vllm serve "$PO_MODEL" \
      --max-num-seqs "$PO_MAX_NUM_SEQS" \
      --max-num-batched-tokens "$PO_MAX_NUM_BATCHED_TOKENS"
    ;;
  bench)
    exec vllm serve "$PO_MODEL" \
      --max-num-seqs "$PO_MAX_NUM_SEQS" \
      --max-num-batched-tokens "$PO_MAX_NUM_BATCHED_TOKENS" \
      --max-num-seqs 16 # want "bench passes a second --max-num-seqs 16 that overrides its own earlier one \(line 16\); .*po.env:2 owns it as PO_MAX_NUM_SEQS=64" "bench boots with --max-num-seqs 16 where serve boots with 64"
    ;;
esac
