#!/usr/bin/env bash
# case "${MODE,,}": the mode from the environment, lower-cased.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${MODE,,}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 ;;
esac
# want@7 "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
