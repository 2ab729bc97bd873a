#!/bin/sh
# Each mode's function builds its own argv with set --: the function's
# "$@" is what its set -- gave, whatever the caller passed.
. "$(dirname "$0")/s.env"
serve() {
  set -- --max-num-seqs "$S_MAX_NUM_SEQS" --max-num-batched-tokens "$S_MAX_NUM_BATCHED_TOKENS"
  exec vllm serve /m "$@"
}
bench() {
  set -- --max-num-seqs "$S_MAX_NUM_SEQS" --max-num-batched-tokens 8192 --disable-log-requests # want "bench boots with --max-num-batched-tokens 8192 where serve boots with 1024" "bench passes --max-num-batched-tokens 8192; .*s.env:2 owns it"
  exec vllm serve /m "$@"
}
case "${1:-serve}" in
  serve) serve ;;
  bench) bench ;;
  *) exit 2 ;;
esac
