#!/usr/bin/env bash
# A later shared (( seqs = OWNER )) overrides the mode's own seqs=256.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=256 ;;
esac
(( seqs = MAX_NUM_SEQS ))
exec vllm serve "$MODEL" --max-num-seqs "$seqs"
