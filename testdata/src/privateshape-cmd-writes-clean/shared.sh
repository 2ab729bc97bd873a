#!/usr/bin/env bash
# The owner's value set by arithmetic or a command is the owner's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
(( seqs = MAX_NUM_SEQS ))
case "${1:-serve}" in
  serve) ;;
  bench) read -r seqs <<< "$MAX_NUM_SEQS" ;;
  smoke) printf -v seqs %d "$MAX_NUM_SEQS" ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs"
