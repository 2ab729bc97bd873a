#!/bin/bash
# The second --max-num-seqs is all a set -- "$@" appends: deleting it must
# not leave `set -- "$@"`, which sets the words already held. All of an if
# branch, the statement becomes `:` (`then fi` does not parse).
set -eu
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
set -- vllm serve /models/m --max-num-seqs "$V_MAX_NUM_SEQS"
if [[ $MODE == bench ]]; then
  set -- "$@" --max-num-seqs 16 # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
fi
exec "$@"
