#!/bin/bash
# A launcher that asks before it boots: under set -e the dry run's read
# from the terminal must not end every mode before the engine.
set -euo pipefail
. "$(dirname "$0")/serve.env"
echo "about to serve $MODEL with $MAX_NUM_SEQS seats"
read -r -p "Press Enter to continue, Ctrl-C to abort " _
read -r -p "Really start? [y/N] " ok
[[ ${ok,,} == y* ]] || { echo "aborted" >&2; exit 1; }
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8001 ;;
esac
