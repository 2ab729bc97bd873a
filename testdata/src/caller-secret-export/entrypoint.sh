#!/usr/bin/env bash
# HF_TOKEN comes from a Secret in the pod spec: the guard demands it of the
# caller and the naked export hands it on, it gives it no value. The dry
# run reads it as the caller's and compares the modes.
set -euo pipefail
. "$(dirname "$0")/pod.env"
: "${HF_TOKEN:?HF_TOKEN must come from the hf-secret}"
export HF_TOKEN
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  eval) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-seqs 16 ;; # want "eval passes a second --max-num-seqs 16" "eval boots with --max-num-seqs 16 where serve boots with 64"
esac
