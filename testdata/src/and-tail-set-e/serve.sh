#!/usr/bin/env bash
# Under set -e, a case arm or an if branch ending in `[[ … ]] && …` goes on
# in bash when the test fails: the dry run reads it so, and compares kl.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=${1:-serve}
args=(--model /m --max-num-seqs "$MAX_NUM_SEQS")
case "$MODE" in
  serve) [[ -n ${FAST:-} ]] && args+=(--enforce-eager) ;;
  kl) args+=(--max-num-seqs 4) ;; # want "kl passes a second --max-num-seqs 4" "kl boots with --max-num-seqs 4 where serve boots with 64"
esac
if [[ $MODE == serve ]]; then
  echo "serving"
  [[ -n ${DEBUG:-} ]] && set -x
fi
exec vllm serve "${args[@]}"
