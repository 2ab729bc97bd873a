#!/bin/bash
# Another word follows the copy: only the copy goes, the set -- stays.
set -eu
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
set -- vllm serve /models/m --max-num-seqs "$V_MAX_NUM_SEQS"
case $MODE in
  serve) ;;
  bench)
    set -- "$@" --max-num-seqs 16 --enforce-eager # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
    ;;
esac
exec "$@"
