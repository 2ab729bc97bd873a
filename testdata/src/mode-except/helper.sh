#!/usr/bin/env bash
# The || branch is in a function only bench calls: bench's, not kl's.
# In a nested if, the outer test keeps kl out too.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODE=${1:-serve}
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
bench_extra() {
  [[ $MODE == serve ]] || args+=(--max-num-seqs 64) # want "^bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
}
case $MODE in
  serve|kl) ;;
  bench) bench_extra ;;
  long) ;;
  *) exit 2 ;;
esac
if [[ $MODE == long || $MODE == serve ]]; then
  if [[ $MODE != serve ]]; then
    args+=(--max-num-batched-tokens 32768) # want "^long passes a second --max-num-batched-tokens 32768 that overrides the shared one" "long boots with --max-num-batched-tokens 32768 where serve boots with 8192"
  fi
fi
exec vllm serve /m "${args[@]}"
