#!/usr/bin/env bash
# bench passes its own 64 after the library's 256: the engine takes 64,
# reported at its line; the library's copy is dead, not reported. Once
# --fix deletes the 64, the library's 256 boots bench: the next round
# writes "$MAX_NUM_SEQS" there (_common.sh.golden).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" "${ARGS[@]}" --max-num-seqs 64 ;; # want "bench passes a second --max-num-seqs 64 that overrides" "bench boots with --max-num-seqs 64 where serve boots with 128"
esac
