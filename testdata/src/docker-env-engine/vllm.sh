#!/usr/bin/env bash
# vLLM reads no MAX_NUM_SEQS from its environment: bench's -e reaches the
# container, not the engine, whose --max-num-seqs is the owner's.
set -euo pipefail
here=$(dirname "$0")
. "$here/serve.env"
opts=(--rm --gpus all --env-file "$here/serve.env")
case "${1:-serve}" in
  serve) ;;
  bench) opts+=(-e MAX_NUM_SEQS=256) ;;
esac
exec docker run "${opts[@]}" vllm/vllm-openai:v0.9.1 --model /m --max-num-seqs "$MAX_NUM_SEQS"
