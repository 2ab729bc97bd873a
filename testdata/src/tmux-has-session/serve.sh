#!/usr/bin/env bash
# The session is started once (tmux has-session || new-session), then each
# mode types its launch line into it: serve's is the proven shape.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
SESSION=${SESSION:-llm}
tmux has-session -t "$SESSION" 2>/dev/null || tmux new-session -d -s "$SESSION"
case "${1:-serve}" in
  serve) tmux send-keys -t "$SESSION:0" "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" Enter ;;
  eager) tmux send-keys -t "$SESSION:0" "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --enforce-eager" Enter ;;
  bench) tmux send-keys -t "$SESSION:1" "python3 bench.py --max-concurrency 32" Enter ;;
  *) exit 2 ;;
esac
