#!/usr/bin/env bash
# The string's engine starts in the background of the string's shell
# (bash -c "nohup vllm serve … &"), which then ends: the job goes on and
# boots, as one of the script's own would. The dry run now waits for it.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
tmux new-session -d -s llm
case "${1:-serve}" in
  serve) bash -c "nohup vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS > /tmp/vllm.log 2>&1 &" ;;
  bg) bash -c "nohup vllm serve $MODEL --max-num-seqs 32 > /tmp/vllm.log 2>&1 &" ;; # want "bg passes --max-num-seqs 32" "bg boots with --max-num-seqs 32 where serve boots with 512"
  login) bash -lc "vllm serve $MODEL --max-num-seqs 33 &" ;; # want "login passes --max-num-seqs 33" "login boots with --max-num-seqs 33 where serve boots with 512"
  ctr) docker exec -d ctr sh -c "nohup vllm serve $MODEL --max-num-seqs 34 > /tmp/vllm.log 2>&1 &" ;; # want "ctr passes --max-num-seqs 34" "ctr boots with --max-num-seqs 34 where serve boots with 512"
  typed) tmux send-keys -t llm "vllm serve $MODEL --max-num-seqs 35 &" Enter ;; # want "typed passes --max-num-seqs 35" "typed boots with --max-num-seqs 35 where serve boots with 512"
  *) exit 2 ;;
esac
