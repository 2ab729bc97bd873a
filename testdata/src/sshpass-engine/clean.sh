#!/usr/bin/env bash
# sshpass lines that boot serve's shape or are not read: the owner's
# number on the host; -h and -V, that print and exit (no command runs);
# an option sshpass does not take; ssh's -N behind it (no command runs on
# the host); a shell string whose expansion is the host's.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
PW=$(cat ~/.gpu-pw)
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) sshpass -p "$PW" ssh gpu1 vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  same) sshpass -d 3 ssh gpu1 "vllm serve $MODEL --max-num-seqs ${MAX_NUM_SEQS}" ;;
  help) sshpass -h ssh gpu1 vllm serve "$MODEL" --max-num-seqs 128 ;;
  vers) sshpass -V ssh gpu1 vllm serve "$MODEL" --max-num-seqs 128 ;;
  frob) sshpass -Z ssh gpu1 vllm serve "$MODEL" --max-num-seqs 128 ;;
  tunnel) sshpass -e ssh -N gpu1 vllm serve "$MODEL" --max-num-seqs 128 ;;
  hostvar) sshpass -e ssh gpu1 'vllm serve $MODEL --max-num-seqs $SEQS' ;;
  *) exit 2 ;;
esac
