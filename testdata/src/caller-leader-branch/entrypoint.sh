#!/usr/bin/env bash
# LeaderWorkerSet: the leader (index 0, from the pod spec) starts ray's
# head and serves; the workers join it. The dry run takes the leader's
# branch (the one that boots: LWS_WORKER_INDEX=0, noted) and compares kl.
set -euo pipefail
source "$(dirname "$0")/lws.env"
MODE=${MODE:-serve}
if [[ "$LWS_WORKER_INDEX" == "0" ]]; then
  ray start --head --port=6379
  case "$MODE" in
    serve) exec vllm serve "$MODEL" --tensor-parallel-size 8 --max-num-seqs "$MAX_NUM_SEQS" ;;
    kl) exec vllm serve "$MODEL" --tensor-parallel-size 8 --max-num-seqs 16 ;; # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16"
  esac
else
  exec ray start --address="$LWS_LEADER_ADDRESS:6379" --block
fi
