#!/usr/bin/env bash
# The session's name held in a variable assigned once (S=serve,
# SESSION=${SESSION:-llm}, or joined: "llm-$PORT"; or not known, W's,
# but assigned once before both: "$W" is one session), the keys sent to a
# window or pane of it ("$S:0", "$S:0.1", "$S":main): each typed line is read as
# the one typed into the session the script starts, a mode's own shape
# reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
S=serve
SESSION=${SESSION:-llm}
PORT=8000
W="vllm-${HOSTNAME:-box}"
tmux new-session -d -s "$S"
tmux new -d -s "$SESSION"
tmux new-session -d -s "llm-$PORT"
tmux new-session -d -s "$W"
case "${1:-serve}" in
  serve) tmux send-keys -t "$S" "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" Enter ;;
  win) tmux send-keys -t "$S:0" "vllm serve $MODEL --max-num-seqs 32" Enter ;; # want "win passes --max-num-seqs 32" "win boots with --max-num-seqs 32 where serve boots with 512"
  pane) tmux send-keys -t "$SESSION:0.1" "vllm serve $MODEL --max-num-seqs 33" C-m ;; # want "pane passes --max-num-seqs 33" "pane boots with --max-num-seqs 33 where serve boots with 512"
  named) tmux send-keys -t "$S":main "vllm serve $MODEL --max-num-seqs 36" Enter ;; # want "named passes --max-num-seqs 36" "named boots with --max-num-seqs 36 where serve boots with 512"
  port) tmux send-keys -t "llm-$PORT" "vllm serve $MODEL --max-num-seqs 34" Enter ;; # want "port passes --max-num-seqs 34" "port boots with --max-num-seqs 34 where serve boots with 512"
  host) tmux send-keys -t "$W" "vllm serve $MODEL --max-num-seqs 37" Enter ;; # want "host passes --max-num-seqs 37" "host boots with --max-num-seqs 37 where serve boots with 512"
  hostwin) tmux send-keys -t "$W":1 "vllm serve $MODEL --max-num-seqs 38" Enter ;; # want "hostwin passes --max-num-seqs 38" "hostwin boots with --max-num-seqs 38 where serve boots with 512"
  later)
    tmux send-keys -t "$S:0" "vllm serve $MODEL --max-num-seqs 35" # want "later passes --max-num-seqs 35" "later boots with --max-num-seqs 35 where serve boots with 512"
    tmux send-keys -t "$S:0" Enter
    ;;
  *) exit 2 ;;
esac
