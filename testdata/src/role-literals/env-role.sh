#!/bin/bash
# The pod's ROLE picks what it boots; serve is a monolithic replica for A/B.
# Prefill and decode are other shapes on purpose: their literals are theirs.
set -e
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
set -a
. "$here/pd.env"
set +a
case "${ROLE:-serve}" in
  serve)
    exec vllm serve "$MODEL" --port 8000 \
      --max-num-seqs "$MAX_NUM_SEQS" \
      --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  prefill)
    # a wide step and few seats
    exec vllm serve "$MODEL" --port 8100 \
      --max-num-seqs 8 \
      --max-num-batched-tokens "$((MAX_NUM_BATCHED_TOKENS * 4))" ;;
  decode)
    exec vllm serve "$MODEL" --port 8200 \
      --max-num-seqs 256 \
      --max-num-batched-tokens 256 ;;
  *) echo "ROLE must be serve|prefill|decode" >&2; exit 1 ;;
esac
