#!/usr/bin/env bash
# pick's declare -g writes the global step; run reads its own local, the
# owner's 8192, as bash runs it: no finding of eval's own step, and the
# mode is not evaluated (the interpreter would write run's local).
set -euo pipefail
. "$(dirname "$0")/v.env"
pick() {
  case $1 in
    eval) declare -g step=4096 ;; # want "eval could not be evaluated .*caller.sh:9:11: declare -g step in a function with a local step in scope"
  esac
}
run() {
  local mode=$1 step=$V_MAX_NUM_BATCHED_TOKENS
  pick "$mode"
  exec vllm serve /m --max-num-seqs "$V_MAX_NUM_SEQS" --max-num-batched-tokens "$step"
}
run "${1:-serve}"
