#!/usr/bin/env bash
# bench boots with the library's ARGS, whose --max-num-seqs 256 is its own.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" "${ARGS[@]}" ;; # want "bench boots with --max-num-seqs 256 where serve boots with 128"
esac
