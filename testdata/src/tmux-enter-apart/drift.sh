#!/usr/bin/env bash
# Types the engine's command line into a detached session's shell and
# ends it with a send-keys of its own (a bare Enter or C-m to the same
# target): the line runs, and a mode's own shape is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
tmux new-session -d -s llm
case "${1:-serve}" in
  serve)
    tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS"
    tmux send-keys -t llm Enter
    ;;
  bench)
    tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 64" # want "bench passes --max-num-seqs 64" "bench boots with --max-num-seqs 64 where serve boots with 512"
    tmux send-keys -t llm C-m
    ;;
  eval) tmux send-keys -t llm:0 "vllm serve $MODEL --max-num-seqs 32" && tmux send-keys -t llm:0 Enter ;; # want "eval passes --max-num-seqs 32" "eval boots with --max-num-seqs 32 where serve boots with 512"
  *) exit 2 ;;
esac
