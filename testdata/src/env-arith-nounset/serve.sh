#!/usr/bin/env bash
# Under set -u bash stops at serve.env's arithmetic read of SEQS_PER_GPU,
# which nothing sets ("SEQS_PER_GPU: unbound variable"): serve never boots
# with the 0 interp's arithmetic read (no mode is compared at it).
set -euo pipefail
set -a
. "$(dirname "$0")/serve.env"
set +a
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;; # want "the proven mode serve could not be evaluated .*SEQS_PER_GPU: unbound variable"
  bench) exec vllm serve /m --max-num-seqs 256 ;;
esac
