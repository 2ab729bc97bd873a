#!/bin/bash
#SBATCH --job-name=kl-eval
# An sbatch job goes to where it was submitted from, or stays where it is:
# `cd .` moves nowhere. The dry run, linted from the repository's root,
# reads ./job.env beside the script as the static model does, and compares
# the modes (it did not: the cd to "." counted as the script's choice of
# the root, the source failed and serve was not evaluated).
set -euo pipefail
cd "${SLURM_SUBMIT_DIR:-.}"
source ./job.env
case ${1:-serve} in
  serve) EXTRA=() ;;
  kl) EXTRA=(--seed 0 --max-num-batched-tokens 2048) ;; # want "kl passes a second --max-num-batched-tokens 2048" "kl boots with --max-num-batched-tokens 2048 where serve boots with 8192"
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$JOB_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$JOB_MAX_NUM_BATCHED_TOKENS" "${EXTRA[@]}"
