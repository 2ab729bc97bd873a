#!/usr/bin/env bash
# BENCH_MAX_SEQS is the benchmark client's number (--max-concurrency), not
# an alias of the engine's seat count: nothing to report or delete.
set -euo pipefail
. "$(dirname "$0")/m.env"
case "${1:?mode}" in
  serve|bench)
    vllm serve /m --max-num-seqs "$M_MAX_NUM_SEQS" --max-num-batched-tokens "$M_MAX_NUM_BATCHED_TOKENS" --max-model-len "$M_MAX_MODEL_LEN" &
    pid=$!
    if [[ $1 == bench ]]; then
      timeout 600 bash -c 'until curl -sf localhost:8000/health; do sleep 2; done'
      vllm bench serve --model /m --max-concurrency "$BENCH_MAX_SEQS" --random-input-len "$BENCH_INPUT_LEN"
      kill "$pid"
    fi
    wait "$pid" ;;
esac
