#!/usr/bin/env bash
# node.sh -- run on each node; the scheduler exports VLLM_HOST_IP and VLLM_NODE_RANK.
set -euo pipefail
. "$(dirname "$0")/vllm.env"
: "${VLLM_HOST_IP:?the scheduler must export VLLM_HOST_IP}"
: "${VLLM_NODE_RANK:?set VLLM_NODE_RANK}"
VLLM_LOG_DIR=/var/log/vllm
mkdir -p "$VLLM_LOG_DIR"
if [[ $VLLM_NODE_RANK == 0 ]]; then
  ray start --head --node-ip-address "$VLLM_HOST_IP" --port 6379
  exec vllm serve /m --tensor-parallel-size 8 --pipeline-parallel-size 2 \
    --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS" \
    >"$VLLM_LOG_DIR/serve.log" 2>&1
else
  exec ray start --block --address "${VLLM_HEAD_IP:?}:6379" --node-ip-address "$VLLM_HOST_IP"
fi
