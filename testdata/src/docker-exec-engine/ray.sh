#!/usr/bin/env bash
# The engine runs in a container already up (a Ray head another docker run
# started): docker exec's command is the engine, its -e/-w options skipped.
set -euo pipefail
. "$(dirname "$0")/r.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16" "bench passes --max-num-seqs 64 through the mode-local seqs=64"
  logs) docker exec ray-head tail -n 100 /tmp/ray/session_latest/logs/serve.log; exit 0 ;;
esac
docker exec -e VLLM_HOST_IP="${HEAD_IP:-}" -w /workspace ray-head \
  vllm serve /models/llama --tensor-parallel-size 8 --pipeline-parallel-size 2 --max-num-seqs "$seqs"
