#!/bin/bash
# The file it sources sets MODE: ${MODE:-$(basename "$0" .sh)} is serve
# under every name, kl) never runs, and its seqs=16 is no mode's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
. "$(dirname "$0")/pinned.env"
mode=${MODE:-$(basename "$0" .sh)}
seqs=$MAX_NUM_SEQS
case $mode in
  serve) ;;
  kl) seqs=16 ;;
  *) exit 2 ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-model-len "$MAX_MODEL_LEN"
