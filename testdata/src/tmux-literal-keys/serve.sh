#!/usr/bin/env bash
# send-keys -l types the line as literal text; a send-keys of its own
# then presses Enter: the line runs.
set -euo pipefail
source "$(dirname "$0")/serve.env"
tmux new-session -d -s llm
case "${1:-serve}" in
  serve) tmux send-keys -t llm -l "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS"; tmux send-keys -t llm Enter ;;
  small) tmux send-keys -t llm -l "vllm serve $MODEL --max-num-seqs 32"; tmux send-keys -t llm Enter ;; # want "small boots with --max-num-seqs 32 where serve boots with 256" "small passes --max-num-seqs 32"
esac
