#!/usr/bin/env bash
# Typed lines not read as the engine's: a session named by a variable
# the script never starts one by, one whose name is assigned twice (which
# one the keys reach is not known here; R, not known, the same), one
# named by a variable set in a function (F: which call sets it is not
# known here), a line whose Enter goes to another window; and the
# owner's number typed through "$S:0".
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
S=serve
OTHER=other
T=a
T=b
R="r-${HOSTNAME:-box}"
[[ -n ${ALT:-} ]] && R="alt-${HOSTNAME:-box}"
start() { F="f-${HOSTNAME:-box}"; tmux new-session -d -s "$F"; }
start
tmux new-session -d -s "$S"
tmux new-session -d -s "$T"
tmux new-session -d -s "$R"
case "${1:-serve}" in
  serve) tmux send-keys -t "$S:0" "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" Enter ;;
  other) tmux send-keys -t "$OTHER:0" "vllm serve $MODEL --max-num-seqs 32" Enter ;;
  twice) tmux send-keys -t "$T:0" "vllm serve $MODEL --max-num-seqs 33" Enter ;;
  alt) tmux send-keys -t "$R" "vllm serve $MODEL --max-num-seqs 35" Enter ;;
  fn) tmux send-keys -t "$F" "vllm serve $MODEL --max-num-seqs 36" Enter ;;
  apart)
    tmux send-keys -t "$S:0" "vllm serve $MODEL --max-num-seqs 34"
    tmux send-keys -t "$S:1" Enter
    ;;
  *) exit 2 ;;
esac
