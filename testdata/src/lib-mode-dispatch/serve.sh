#!/usr/bin/env bash
# The mode's function, defined in a sourced library, is run by a name
# built from the first word: kl's own seat count lives in the library.
set -euo pipefail
source "$(dirname "$0")/lib/modes.sh"
source "$(dirname "$0")/serve.env"
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS") # want "kl boots with --max-num-seqs 4 where serve boots with 64"
"mode_${1:-serve}"
exec vllm serve "${args[@]}" "${EXTRA[@]}"
