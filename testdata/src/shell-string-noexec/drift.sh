#!/usr/bin/env bash
# -n turned off again (+n, +o noexec) before the string: it runs, and its
# engine's shape is read.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) bash -c "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  off) bash -n +n -c "vllm serve $MODEL --max-num-seqs 32" ;; # want "off passes --max-num-seqs 32" "off boots with --max-num-seqs 32 where serve boots with 512"
  oo) bash -o noexec +o noexec -c "vllm serve $MODEL --max-num-seqs 33" ;; # want "oo passes --max-num-seqs 33" "oo boots with --max-num-seqs 33 where serve boots with 512"
  *) exit 2 ;;
esac
