#!/usr/bin/env bash
# A shell given -n (or -o noexec) reads its -c string and runs none of
# it: nothing boots, and no mode's shape is read from it (each was read as
# booting 128). The owner's value through +n, which turns -n off again.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) bash -c "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  same) bash -n +n -c "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  check) bash -nc "vllm serve $MODEL --max-num-seqs 128" ;;
  syntax) sh -n -c "vllm serve $MODEL --max-num-seqs 128" ;;
  noexec) bash -euo noexec -c "vllm serve $MODEL --max-num-seqs 128" ;;
  late) bash -c -n "vllm serve $MODEL --max-num-seqs 128" ;;
  *) exit 2 ;;
esac
