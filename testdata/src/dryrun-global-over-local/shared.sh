#!/usr/bin/env bash
# One function runs every mode; eval's declare -g writes the global step,
# not the function's local one: eval boots with the owner's step, as bash
# runs it (no mode of its own statically), and the others are compared as
# usual.
set -euo pipefail
. "$(dirname "$0")/v.env"
run() {
  local mode=$1 seqs=$V_MAX_NUM_SEQS step=$V_MAX_NUM_BATCHED_TOKENS
  case $mode in
    serve) ;;
    bench) seqs=16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 64" "bench passes --max-num-seqs 16"
    eval) declare -g step=4096 ;;
  esac
  exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$step"
}
run "${1:-serve}"
