#!/bin/sh
# The argv is built with set -- inside main, which the top level hands the
# script's own words (main "$@"): bench's second --max-num-seqs 16 is its
# private shape. Read only at the top level before, so this script had no
# engine and no modes statically.
set -eu
. "$(dirname "$0")/serve.env"
main() {
  mode=${1:-serve}
  set -- vllm serve /models/m --max-num-seqs "$V_MAX_NUM_SEQS"
  case $mode in
    serve) ;;
    bench) set -- "$@" --max-num-seqs 16 ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
  esac
  exec "$@"
}
main "$@"
