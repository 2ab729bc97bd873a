#!/bin/bash
# The site's module and conda initialisation, outside the tree: the failed
# source ended every mode under set -e ("could not be evaluated").
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/job.env"
source /etc/profile.d/modules.sh
module purge
module load cuda/12.4
source "$HOME/miniconda3/etc/profile.d/conda.sh"
conda activate vllm
extra=()
case "${1:-serve}" in
  serve) ;;
  eval) extra=(--seed 0) ;;
  *) exit 2 ;;
esac
exec vllm serve /scratch/m --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "${extra[@]}"
