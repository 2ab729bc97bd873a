#!/usr/bin/env bash
# The same stamp, and bench's own seats reported once the run gets past it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
printf '[%(%H:%M:%S)T] mode %s\n' -1 "${1:-serve}" >&2
seqs=$MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) seqs=$(( MAX_NUM_SEQS * 2 )) ;; # want "bench boots with --max-num-seqs 96 where serve boots with 48" "arithmetic on its owner"
esac
exec vllm serve /models/m --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
