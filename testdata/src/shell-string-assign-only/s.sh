#!/usr/bin/env bash
# A shell string whose script holds a bare assignment (a command with no
# word) before the engine: the run once ended in an internal error
# (index out of range in innerAssigned) and nothing was reported.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) bash -c "OMP_NUM_THREADS=8; export OMP_NUM_THREADS; exec vllm serve /m --max-num-seqs $VLLM_MAX_NUM_SEQS" ;;
  bench) bash -c "OMP_NUM_THREADS=8; export OMP_NUM_THREADS; exec vllm serve /m --max-num-seqs 64" ;; # want "bench boots with --max-num-seqs 64 where serve boots with 256" "bench passes --max-num-seqs 64"
esac
