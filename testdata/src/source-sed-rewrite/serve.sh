#!/bin/bash
# serve.sh [serve|kl]: serve.conf is written "KEY = value"; bash sources
# what sed makes of it (KEY=value), never the file's own lines, so no line
# is run as a command. It was said to be.
set -euo pipefail
conf="$(dirname "$0")/serve.conf"
source <(sed -E 's/^([A-Z_]+)[[:space:]]*=[[:space:]]*/\1=/' "$conf")
mode=${1:-serve}
case $mode in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-logprobs 20 ;;
  *) exit 2 ;;
esac
