#!/bin/bash
# `source .env` beside the script, linted from above it: the dry run reads
# the file where the model does (cd scripts && ./serve.sh), so serve's seats
# are 64, dev's default agrees, and kl's own 8 is the drift.
source .env
case "${1:-serve}" in
  serve) vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8000 ;;
  dev)   vllm serve "$MODEL" --max-num-seqs "${MAX_NUM_SEQS:-64}" --port 8001 --enforce-eager ;;
  kl)    vllm serve "$MODEL" --max-num-seqs 8 --port 8002 ;;
  *) echo "usage: $0 serve|dev|kl"; exit 1 ;;
esac
# want@9 "kl boots with --max-num-seqs 8 where serve boots with 64" "kl passes --max-num-seqs 8"
