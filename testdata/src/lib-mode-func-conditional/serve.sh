#!/usr/bin/env bash
# Only kl sources its library, in its own branch: kl's seat count there is
# its own (reported at the library's line); serve never reads the library.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
EXTRA=()
case "${1:-serve}" in
  serve) ;;
  kl) . "$here/lib/kl.sh"; kl_flags ;;
esac
exec vllm serve --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" "${EXTRA[@]}" # want "kl boots with --max-num-seqs 2 where serve boots with 64"
