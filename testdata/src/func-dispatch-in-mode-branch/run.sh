#!/usr/bin/env bash
# "$1" runs the function it names only in the branch that lets serve and
# bench through: profile, not wired up, is no mode (./run.sh profile
# prints the usage), so its own --max-num-seqs 4 is not reported.
set -euo pipefail
. "$(dirname "$0")/run.env"
usage() { echo "usage: $0 serve|bench" >&2; exit 2; }
serve() {
  exec vllm serve "$RUN_MODEL" --max-num-seqs "$RUN_MAX_NUM_SEQS" --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS"
}
bench() {
  exec vllm serve "$RUN_MODEL" --max-num-seqs "$RUN_MAX_NUM_SEQS" --max-num-batched-tokens 16384 --disable-log-requests # want "bench passes --max-num-batched-tokens 16384; .*run.env:3 owns it as RUN_MAX_NUM_BATCHED_TOKENS=4096" "bench boots with --max-num-batched-tokens 16384 where serve boots with 4096"
}
profile() {
  exec vllm serve "$RUN_MODEL" --max-num-seqs 4 --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS" --enforce-eager
}
case "${1:-}" in
  serve|bench) "$1" ;;
  *) usage ;;
esac
