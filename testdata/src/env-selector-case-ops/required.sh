#!/usr/bin/env bash
# case "${MODE:?…}": the mode from the environment, required.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${MODE:?set MODE to serve or kl}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 ;;
esac
# want@7 "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
