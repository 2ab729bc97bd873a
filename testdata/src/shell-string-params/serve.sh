#!/usr/bin/env bash
# A shell string started with words after it: its "$0", "$1"… and "$@"
# are those words, written here (bash -c 'exec vllm serve "$@"' _ ARGS…).
set -euo pipefail
source "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) bash -c 'exec vllm serve "$@"' _ "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  same) sh -c 'exec "$0" "$@"' vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  pos) bash -c 'exec vllm serve "$1" --max-num-seqs "$2"' _ "$MODEL" "$MAX_NUM_SEQS" ;;
  bg) bash -c 'nohup vllm serve "$MODEL" --max-num-seqs "$0" > /tmp/vllm.log 2>&1 &' "$MAX_NUM_SEQS" ;;
  small) bash -c 'exec vllm serve "$@"' _ "$MODEL" --max-num-seqs 32 ;; # want "small boots with --max-num-seqs 32 where serve boots with 256" "small passes --max-num-seqs 32"
  tiny) sh -c 'exec "$0" "$@"' vllm serve "$MODEL" --max-num-seqs 16 ;; # want "tiny boots with --max-num-seqs 16 where serve boots with 256" "tiny passes --max-num-seqs 16"
  one) bash -c 'exec vllm serve "$1" --max-num-seqs "$2"' _ "$MODEL" 8 ;; # want "one boots with --max-num-seqs 8 where serve boots with 256" "one passes --max-num-seqs 8"
esac
