#!/usr/bin/env bash
# With -l, Enter on the same send-keys is typed as the text "Enter": the
# line of draft is never run, so its 32 boots nothing.
set -euo pipefail
source "$(dirname "$0")/serve.env"
tmux new-session -d -s llm
case "${1:-serve}" in
  serve) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" Enter ;;
  draft) tmux send-keys -t llm -l "vllm serve $MODEL --max-num-seqs 32" Enter ;;
esac
