#!/bin/bash
# The job id captured from sbatch --parsable --wrap STRING: the job runs
# the string apart, its output in its own log, not the $(…) that captures
# sbatch's. The engine in it was taken for a query ($(vllm --version)) and
# no mode was evaluated. An option given its value not statically known,
# attached (--partition="$PART", -p"$PART"), ended the reading of
# sbatch's options: the string was not read at all, and kl's own seats
# went unseen.
set -euo pipefail
. "$(dirname "$0")/serve.env"
PART=${PART:-gpu}
case "${1:-serve}" in
  serve) jobid=$(sbatch --parsable --partition="$PART" --gres=gpu:1 --wrap "vllm serve $MODEL --max-num-seqs $MAX_NUM_SEQS --max-num-batched-tokens $MAX_NUM_BATCHED_TOKENS") ;;
  kl) jobid=$(sbatch --parsable -p"$PART" --gres=gpu:1 --wrap "vllm serve $MODEL --max-num-seqs 16 --max-num-batched-tokens $MAX_NUM_BATCHED_TOKENS") ;; # want "kl boots with --max-num-seqs 16 where serve boots with 64" "kl passes --max-num-seqs 16; .*serve.env:2 owns it"
  *) exit 2 ;;
esac
echo "submitted job $jobid"
