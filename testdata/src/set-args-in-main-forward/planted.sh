#!/bin/sh
# An entrypoint wrapped in main: the flags are put before the script's own
# words with set -- inside main, which the top level hands those words
# (main "$@"), and the engine gets "$@". bench's second --max-num-seqs 16
# is its private shape. The engine's call holding "$@" after a set -- in
# main was taken for a wrapper's, whose positional words were unknown, and
# dropped: no engine, nothing reported.
set -eu
. "$(dirname "$0")/serve.env"
main() {
  set -- --max-num-seqs "$V_MAX_NUM_SEQS" "$@"
  case ${MODE:-serve} in
    serve) ;;
    bench) set -- "$@" --max-num-seqs 16 ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
  esac
  exec vllm serve /models/m "$@"
}
main "$@"
