#!/bin/bash
# The right side of a test on the mode: the list goes whole.
set -eu
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
set -- vllm serve /models/m --max-num-seqs "$V_MAX_NUM_SEQS"
[[ $MODE == kl ]] && set -- "$@" --max-num-seqs=16 # want "kl passes a second --max-num-seqs 16 that overrides the shared one" "kl boots with --max-num-seqs 16 where serve boots with 8"
exec "$@"
