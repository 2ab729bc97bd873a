#!/usr/bin/env bash
# A mode's own string of flags (BENCH_FLAGS="--max-num-seqs 256") carries
# a private shape as a word of its launch line does. The fix writes the
# owner inside the string's double quotes, where the unquoted expansion
# splits it into the same two words. smoke's string reads the owner:
# clean. eager's single-quoted string would not expand $MAX_NUM_SEQS (no
# byte-exact fix): argvdrift's alone.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) BENCH_FLAGS="--max-num-seqs 256"; exec vllm serve "$MODEL" $BENCH_FLAGS ;; # want "bench boots with --max-num-seqs 256" "bench passes --max-num-seqs 256 through the mode-local BENCH_FLAGS"
  smoke) SMOKE_FLAGS="--max-num-seqs $MAX_NUM_SEQS --enforce-eager"; exec vllm serve "$MODEL" $SMOKE_FLAGS ;;
  eager) EAGER_FLAGS='--max-num-seqs 128'; exec vllm serve "$MODEL" $EAGER_FLAGS ;; # want "eager boots with --max-num-seqs 128"
esac
