#!/usr/bin/env bash
# Line-buffering launchers run the command they are given (expect's
# unbuffer, coreutils' stdbuf): a mode's own shape behind one is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) unbuffer vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" | tee serve.log ;;
  bench) unbuffer -p vllm serve "$MODEL" --max-num-seqs 64 | tee bench.log ;; # want "bench passes --max-num-seqs 64" "bench boots with --max-num-seqs 64 where serve boots with 512"
  eval) stdbuf -oL -eL vllm serve "$MODEL" --max-num-seqs 32 | tee eval.log ;; # want "eval passes --max-num-seqs 32" "eval boots with --max-num-seqs 32 where serve boots with 512"
  tune) stdbuf --output=L vllm serve "$MODEL" --max-num-seqs 16 ;; # want "tune passes --max-num-seqs 16" "tune boots with --max-num-seqs 16 where serve boots with 512"
  *) exit 2 ;;
esac
