#!/usr/bin/env bash
# Each mode types its own engine line and one Enter after the case ends
# them all: the send-keys in the other arms never run after a mode's own,
# so the Enter is the next one each line meets, and a mode's own shape is
# reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
tmux new-session -d -s llm
case "${1:-serve}" in
  serve) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" ;;
  eager) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --enforce-eager" ;;
  bench) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 64" ;; # want "bench passes --max-num-seqs 64" "bench boots with --max-num-seqs 64 where serve boots with 512"
  *) exit 2 ;;
esac
tmux send-keys -t llm Enter
