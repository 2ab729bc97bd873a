#!/usr/bin/env bash
# Typed lines that no Enter of their own ends: the next send-keys to the
# target is a control key, more text, an Enter to another session or window, an
# Enter in another mode's arm, or none at all. None of them runs the
# engine, so no mode's shape is read from them.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
tmux new-session -d -s llm
tmux new-session -d -s other
case "${1:-serve}" in
  serve)
    tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS"
    tmux send-keys -t llm Enter
    ;;
  never) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 256" ;;
  enter) tmux send-keys -t llm Enter ;;
  cancel)
    tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 128"
    tmux send-keys -t llm C-c
    ;;
  more)
    tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 96"
    tmux send-keys -t llm " --enforce-eager" Enter
    ;;
  wrong)
    tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 48"
    tmux send-keys -t other Enter
    ;;
  pane)
    tmux send-keys -t llm:0 "vllm serve $MODEL --max-num-seqs 24"
    tmux send-keys -t llm:1 Enter
    ;;
  *) exit 2 ;;
esac
