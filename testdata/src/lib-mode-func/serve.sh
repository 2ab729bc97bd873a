#!/usr/bin/env bash
# Each mode's branch calls a function of a sourced library (lib/modes.sh)
# that sets the words the shared launch line expands: kl's own seat count
# lives in the library, reported and fixed there.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/lib/modes.sh"
source "$here/serve.env"
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS") # want "kl boots with --max-num-seqs 4 where serve boots with 64" "bench boots with --max-num-seqs 16 where serve boots with 64"
case "${1:-serve}" in
  serve) mode_serve ;;
  kl) mode_kl ;;
  bench) EXTRA=(); mode_bench ;;
  *) echo "usage: $0 [serve|kl|bench]" >&2; exit 2 ;;
esac
exec vllm serve "${args[@]}" "${EXTRA[@]}"
