#!/usr/bin/env bash
# run.sh up|up-bench|logs [NAME]: the first word picks what boots; the
# second is logs' own, whose case names serve without picking a mode.
set -euo pipefail
. "$(dirname "$0")/run.env"
case "$1" in
  up) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  up-bench) exec vllm serve /m --max-num-seqs 64 ;; # want "up-bench passes --max-num-seqs 64; .*run.env:1 owns it as MAX_NUM_SEQS=16" "up-bench boots with --max-num-seqs 64 where up boots with 16"
  logs)
    case "${2:-serve}" in
      serve) tail -f serve.log ;;
      bench) tail -f bench.log ;;
    esac ;;
esac
