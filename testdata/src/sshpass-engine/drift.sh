#!/usr/bin/env bash
# sshpass [-f FILE|-d FD|-p PASS|-e[VAR]] [-P PROMPT] [-v] COMMAND…
# feeds the password to ssh's prompt and runs its command: ssh, read then
# as ssh is (its argv, or one word as a shell string). A mode's own shape
# is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
PW=$(cat ~/.gpu-pw)
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) ssh gpu1 vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  pw) sshpass -p "$PW" ssh gpu1 vllm serve "$MODEL" --max-num-seqs 32 ;; # want "pw passes --max-num-seqs 32" "pw boots with --max-num-seqs 32 where serve boots with 512"
  env) sshpass -e ssh -p 2222 gpu1 "vllm serve $MODEL --max-num-seqs 33" ;; # want "env passes --max-num-seqs 33" "env boots with --max-num-seqs 33 where serve boots with 512"
  file) sshpass -v -f ~/.gpu-pw -P assword ssh -l ops gpu1 vllm serve "$MODEL" --max-num-seqs 34 ;; # want "file passes --max-num-seqs 34" "file boots with --max-num-seqs 34 where serve boots with 512"
  var) sshpass -eGPU_PW ssh gpu1 'vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 35' ;; # want "var passes --max-num-seqs 35" "var boots with --max-num-seqs 35 where serve boots with 512"
  *) exit 2 ;;
esac
