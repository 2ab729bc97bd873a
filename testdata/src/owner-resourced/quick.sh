#!/usr/bin/env bash
# serve sources its env file again in its own branch: QUICK=1 does not reach the server.
# QUICK=1 shortens the benchmark; the server always boots the env file's shape.
set -euo pipefail
here=$(dirname "$0")
source "$here/quick.env"
[[ ${QUICK:-0} == 1 ]] && MAX_NUM_SEQS=32
case "${1:-serve}" in
  serve) source "$here/quick.env"; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) python3 bench.py --max-concurrency "$MAX_NUM_SEQS" --num-prompts $((MAX_NUM_SEQS * 4)) ;;
esac
