#!/usr/bin/env bash
# Every mode but serve adds its own --max-num-seqs: bench (named by the
# case) runs the || branch.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODE=${1:-serve}
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
[[ $MODE == serve ]] || args+=(--max-num-seqs 64) # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
case $MODE in serve|bench) ;; *) echo "usage: or.sh serve|bench" >&2; exit 2 ;; esac
exec vllm serve /m "${args[@]}"
