#!/usr/bin/env bash
# Types the engine's command line into the shell of a detached session it
# starts: each line is read as a bash -c string, and a mode's own shape
# reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
tmux new-session -d -s llm
screen -dmS llm-screen
case "${1:-serve}" in
  serve) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS" C-m ;;
  bench) tmux send-keys -t llm:0.0 "vllm serve $MODEL --max-num-seqs 256" Enter ;; # want "bench passes --max-num-seqs 256" "bench boots with --max-num-seqs 256 where serve boots with 512"
  eval) screen -S llm-screen -X stuff "vllm serve $MODEL --max-num-seqs 128\n" ;; # want "eval passes --max-num-seqs 128" "eval boots with --max-num-seqs 128 where serve boots with 512"
  *) exit 2 ;;
esac
