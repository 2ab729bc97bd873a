#!/usr/bin/env bash
# Library mode functions set a variable the launch line reads (kl's SEQS)
# and a flag the shared path does not pass (bench's inline
# --max-num-batched-tokens=4096): each is the mode's own number, fixed by
# writing the owner's variable in the library.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/serve.env"
. "$here/lib/modes.sh"
SEQS=$MAX_NUM_SEQS
EXTRA=()
case "${1:-serve}" in
  serve) ;;
  kl) mode_kl ;;
  bench) mode_bench ;; # want "bench boots with --max-num-batched-tokens 4096 where serve does not pass it"
esac
exec vllm serve --model "$MODEL" --max-num-seqs "$SEQS" "${EXTRA[@]}" # want "kl boots with --max-num-seqs 4 where serve boots with 64"
