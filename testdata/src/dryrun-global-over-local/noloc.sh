#!/usr/bin/env bash
# declare -g with no local of the name in scope (another function's local
# step is not on the stack) writes the global in both shells: evaluated,
# and bench's own step is found.
set -euo pipefail
. "$(dirname "$0")/v.env"
other() { local step=1; echo "$step"; }
pick() {
  case $1 in
    bench) declare -g step=4096 ;; # want "bench passes --max-num-batched-tokens 4096 through the mode-local step=4096" "bench boots with --max-num-batched-tokens 4096 where serve boots with 8192"
  esac
}
step=$V_MAX_NUM_BATCHED_TOKENS
pick "${1:-serve}"
exec vllm serve /m --max-num-seqs "$V_MAX_NUM_SEQS" --max-num-batched-tokens "$step"
