#!/usr/bin/env bash
# The same start; small types its own number.
set -euo pipefail
source "$(dirname "$0")/serve.env"
tmux has -t =llm || tmux new -d -s llm
case "${1:-serve}" in
  serve) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" Enter ;;
  small) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 32" Enter ;; # want "small boots with --max-num-seqs 32 where serve boots with 256" "small passes --max-num-seqs 32"
esac
