#!/usr/bin/env bash
# Every mode (serve too) prints the library's ARGS: an edit there would
# change what serve prints, so the literal is reported without a fix.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
echo "extra: ${ARGS[*]}"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" "${ARGS[@]}" ;; # want "bench boots with --max-num-seqs 256 where serve boots with 128"
esac
