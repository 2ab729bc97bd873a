#!/usr/bin/env bash
# A default of the mode's own argument ("${2:-256}": serve.sh sweep 128)
# is the number the caller runs the mode with, as a default in shared
# code is: no private shape (the dry run, given no argument, still boots
# with 256).
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  sweep) exec vllm serve "$MODEL" --max-num-seqs "${2:-256}" ;; # want "sweep boots with --max-num-seqs 256 where serve boots with 64"
esac
