#!/usr/bin/env bash
# No owner by flow: the seats read a key per mode (presets), or two keys on
# the shared path, and the step reads a key named for --max-model-len.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) seqs=$SERVE_CONC ;;
  bench) seqs=$BENCH_CONC ;;
  *) exit 2 ;;
esac
vllm serve /m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN" --max-num-batched-tokens "$MAX_MODEL_LEN" &
case "$1" in
  bench) vllm bench serve --max-concurrency "${SEQS_OVERRIDE:-$CONCURRENCY}" ;;
esac
wait
