#!/usr/bin/env bash
# Only kl tests the caller's NODE_RANK before it boots; both pass it to the
# engine. The modes boot on one node: kl's assumed NODE_RANK=0 holds for
# serve too, so their argv match (no drift).
set -euo pipefail
source "$(dirname "$0")/e.env"
case "${MODE:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --data-parallel-rank "$NODE_RANK" ;;
  kl) [[ $NODE_RANK == 0 ]] || exec ray start --block; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --data-parallel-rank "$NODE_RANK" ;;
esac
