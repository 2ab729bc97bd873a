#!/usr/bin/env bash
# A default written in a mode's own launch line, of a variable nothing
# sets, is the mode's number: bench boots with 256 unless the caller says
# otherwise, where the env file owns 64. The owner key's own default
# ("${MAX_NUM_SEQS:-256}", smoke) reads the owner.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs "${BENCH_SEQS:-256}" ;; # want "bench boots with --max-num-seqs 256" "bench passes --max-num-seqs 256, the default of"
  smoke) exec vllm serve "$MODEL" --max-num-seqs "${MAX_NUM_SEQS:-256}" ;;
esac
