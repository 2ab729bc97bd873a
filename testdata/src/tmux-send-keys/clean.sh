#!/usr/bin/env bash
# Neighbours of a typed command line that type none: keys with no Enter
# after them, a control key, keys sent literally (-l types C-m as text),
# keys sent to a session the script does not start, a screen stuff with
# no end of line, a line whose expansion the session's shell makes (in
# the tmux server's environment, not the script's). None of them is read as the engine's command.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
tmux new-session -d -s llm
screen -dmS llm-screen
case "${1:-serve}" in
  serve) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" C-m ;;
  pending) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 256" ;;
  stop) tmux send-keys -t llm C-c ;;
  literal) tmux send-keys -l -t llm "vllm serve $MODEL --max-num-seqs 256" C-m ;;
  elsewhere) tmux send-keys -t other "vllm serve $MODEL --max-num-seqs 256" C-m ;;
  inner) tmux send-keys -t llm 'vllm serve $MODEL --max-num-seqs 256' C-m ;;
  escaped) tmux send-keys -t llm "vllm serve \$MODEL --max-num-seqs 256" C-m ;;
  unended) screen -S llm-screen -X stuff "vllm serve $MODEL --max-num-seqs 128" ;;
  *) exit 2 ;;
esac
