#!/usr/bin/env bash
# bench assigns its own number, then sources the env file again: it boots with the file's.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) source "$here/arm.env"; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) MAX_NUM_SEQS=32; source "$here/arm.env"; exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
esac
