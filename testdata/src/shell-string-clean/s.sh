#!/usr/bin/env bash
# Shell strings that are right: every mode hands the owner's numbers into
# the string; health waits in bash -c strings are no engine.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODEL=/models/llama
case "${1:-serve}" in
  serve)
    docker exec -it ray-head bash -lc "cd /workspace && exec vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --max-num-batched-tokens ${MAX_NUM_BATCHED_TOKENS}"
    ;;
  kl)
    docker exec -it ray-head bash -lc "cd /workspace && exec vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --max-num-batched-tokens ${MAX_NUM_BATCHED_TOKENS} --port 8001" &
    timeout 600 bash -c 'until curl -sf localhost:8001/health; do sleep 2; done'
    wait
    ;;
esac
