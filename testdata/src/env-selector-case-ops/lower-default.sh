#!/usr/bin/env bash
# MODE=${MODE:-serve}, then case "${MODE,,}".
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${MODE:-serve}
case "${MODE,,}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 ;;
esac
# want@8 "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
