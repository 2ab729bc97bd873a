#!/usr/bin/env bash
# An empty mode before the option loop, defaulted after it.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=""
while (( $# )); do
  case "$1" in
    --mode) MODE="$2"; shift 2 ;;
    *) shift ;;
  esac
done
[[ -z $MODE ]] && MODE=serve
case "$MODE" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 ;;
esac
# want@15 "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
