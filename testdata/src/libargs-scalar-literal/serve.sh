#!/usr/bin/env bash
# bench reads the library's SEQS=256, a literal of no owner: reported at
# bench's use (read like a key of a sourced file), whose fix reaches only
# bench; the library, which other scripts may source, is left alone.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/_common.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "$SEQS" ;; # want "bench passes --max-num-seqs \"\$SEQS\" from SEQS=256 \(.*_common.sh:2\), not from its owner; .*serve.env:2 owns it as MAX_NUM_SEQS=128" "bench boots with --max-num-seqs 256 where serve boots with 128"
esac
