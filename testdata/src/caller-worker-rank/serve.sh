#!/usr/bin/env bash
# Two-node SGLang: rank 0 leads, the others join with their rank. The
# leader assumes NODE_RANK=0 (noted); the worker, which boots with the
# caller's rank, keeps its own answer (it was an info: the leader's value
# ended it).
set -euo pipefail
source "$(dirname "$0")/sgl.env"
case "${1:-leader}" in
  leader)
    [[ $NODE_RANK == 0 ]] || { echo "leader runs on rank 0" >&2; exit 1; }
    exec python3 -m sglang.launch_server --model-path "$MODEL" --tp 16 --nnodes 2 --node-rank "$NODE_RANK" --dist-init-addr "$LEADER_ADDR:5000" --max-running-requests "$MAX_NUM_SEQS" ;;
  worker)
    [[ $NODE_RANK != 0 ]] || { echo "workers run on rank > 0" >&2; exit 1; }
    exec python3 -m sglang.launch_server --model-path "$MODEL" --tp 16 --nnodes 2 --node-rank "$NODE_RANK" --dist-init-addr "$LEADER_ADDR:5000" --max-running-requests "$MAX_NUM_SEQS" ;;
esac
