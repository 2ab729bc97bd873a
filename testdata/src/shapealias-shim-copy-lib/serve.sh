#!/usr/bin/env bash
# The launcher that reads the owner is a library's function: the copy of
# the shim into the owner is not followed to a flag, and the shim is still
# a second name of the owner (reported). The copy alone in its branch
# becomes `:`; an exported one keeps its export and reads the owner.
set -euo pipefail
. "$(dirname "$0")/serve.env"
. "$(dirname "$0")/lib/common.sh"
MODE=${1:-serve}
if [[ $MODE == eval ]]; then
  LB_MAX_NUM_SEQS="$BENCH_LB_MAX_NUM_SEQS" # want "reads BENCH_LB_MAX_NUM_SEQS, a shim of LB_MAX_NUM_SEQS"
elif [[ $MODE == bench ]]; then
  export LB_MAX_NUM_SEQS="${BENCH_LB_MAX_NUM_SEQS}" # want "reads BENCH_LB_MAX_NUM_SEQS, a shim of LB_MAX_NUM_SEQS"
fi
launch --port 8000
