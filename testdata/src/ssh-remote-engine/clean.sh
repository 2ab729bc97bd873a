#!/usr/bin/env bash
# ssh lines not read as booting another shape: the owner's number after
# --; an expansion the host's shell makes ($MODEL in single quotes: the
# host's variable); bash -lc among more words (ssh joins them: bash gets
# `vllm` as its string); -N (no command runs); an option ssh does not
# take; a quoted word with a blank, split again on the host; options in
# a variable, read as the host (its command, then, no engine's).
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
SSH_OPTS="-p 2222"
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) ssh gpu1 vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  same) ssh -l ops gpu1 -- vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  hostvar) ssh gpu1 'vllm serve $MODEL --max-num-seqs 128' ;;
  joined) ssh gpu1 bash -lc "vllm serve $MODEL --max-num-seqs 128" ;;
  tunnel) ssh -N gpu1 vllm serve "$MODEL" --max-num-seqs 128 ;;
  frob) ssh -Z gpu1 vllm serve "$MODEL" --max-num-seqs 128 ;;
  opts) ssh $SSH_OPTS gpu1 vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  split) ssh gpu1 vllm serve "$MODEL" --max-num-seqs 128 --served-model-name "llama 8b" ;;
  *) exit 2 ;;
esac
