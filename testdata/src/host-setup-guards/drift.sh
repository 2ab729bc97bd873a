#!/bin/bash
# Both, and eval's own step reported once the run gets past them.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/job.env"
source /etc/profile.d/modules.sh
module load cuda/12.4
[[ $(hostname) == gpu-* ]] || { echo "not a GPU node" >&2; exit 1; }
step=$MAX_NUM_BATCHED_TOKENS
case "${1:-serve}" in
  serve) ;;
  eval) step=$(( MAX_NUM_BATCHED_TOKENS / 2 )) ;; # want "eval boots with --max-num-batched-tokens 4096 where serve boots with 8192" "arithmetic on its owner"
  *) exit 2 ;;
esac
exec vllm serve /scratch/m --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$step"
