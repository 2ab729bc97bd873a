#!/usr/bin/env bash
# The shape reaches the engine through a function's positional parameters.
set -euo pipefail
. "$(dirname "$0")/serve.env"

boot() {
  local seqs=$1 step=$2
  exec vllm serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$step"
}

case "$1" in
  serve) boot "$MAX_NUM_SEQS" "$MAX_NUM_BATCHED_TOKENS" ;;
  eval) boot "$MAX_NUM_SEQS" "$MAX_NUM_BATCHED_TOKENS" ;;
  bench) boot 256 "$MAX_NUM_BATCHED_TOKENS" ;; # want "bench passes --max-num-seqs 256 through seqs=\$1 \(line 7\) to --max-num-seqs \(line 8\).*MAX_NUM_SEQS=32 \(privateshape\)" "bench boots with --max-num-seqs 256 where serve boots with 32.*\(argvdrift\)"
esac
