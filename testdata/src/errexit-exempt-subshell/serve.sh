#!/bin/bash
# set -e is off in an if's condition, and bash keeps it off in the
# subshells run there: gpu_name's grep finds no H100 and fails,
# the function goes on and prints the fallback, and the check passes. The
# interpreter turned errexit on again in the pipeline's first stage, which
# ended at that failure: the check failed, every mode took the exit and
# "could not be evaluated", and bench's own --max-num-seqs went unseen. The
# same for a ( … ) group in a condition.
set -euo pipefail
. "$(dirname "$0")/serve.env"
gpu_name() {
  grep H100 <<<"${GPUS:-}"
  echo "${GPU_NAME:-A100}"
}
if ! gpu_name | grep -q A100; then
  echo "unsupported GPU" >&2
  exit 1
fi
if ! ( grep -q H100 <<<"${GPUS:-}"; true ); then exit 1; fi
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --max-num-seqs 32 ;; # want "bench boots with --max-num-seqs 32 where serve boots with 64" "bench passes --max-num-seqs 32"
esac
