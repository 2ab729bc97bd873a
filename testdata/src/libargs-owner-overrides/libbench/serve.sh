#!/usr/bin/env bash
# serve overrides the library's 256 with the owner's; bench boots with it:
# the 256 is bench's own, reported at the library's line.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" "${ARGS[@]}" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" "${ARGS[@]}" ;; # want "bench boots with --max-num-seqs 256 where serve boots with 128"
esac
