#!/bin/bash
# A negated pipeline under set -e in a script that reads PIPESTATUS:
# bash spares `! A | B` whatever its status (here 1, the pipeline having
# succeeded) and sets PIPESTATUS to the stages' own statuses. The dry run's
# PIPESTATUS copy put the negation inside, so its last command returned the
# negated status, which errexit no longer spared: every mode stopped
# ("exited with status 1") and bench's own --max-num-seqs went unseen. A
# function stage failing early (probe's false) goes on too, as in bash.
set -euo pipefail
. "$(dirname "$0")/serve.env"
probe() { false; nvidia-smi -L; }
! nvidia-smi -L | cat >/dev/null
gpu_rc=${PIPESTATUS[0]}
! probe | cat >/dev/null
probe_rc=${PIPESTATUS[0]}
if [[ $gpu_rc -ne 0 || $probe_rc -ne 0 ]]; then echo "no GPU" >&2; exit 1; fi
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --max-num-seqs 32 ;; # want "bench boots with --max-num-seqs 32 where serve boots with 64" "bench passes --max-num-seqs 32"
esac
