#!/bin/bash
# Guards on the host's name, cores and user: the sandbox answers with its
# own identity (localhost, one CPU, uid 1000), so each guard ended every
# mode; on the node the script is written for, they pass.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/job.env"
die() { echo "$*" >&2; exit 1; }
case "$(hostname -s)" in
  gpu-a*|gpu-h*) ;;
  *) die "run this on a GPU node" ;;
esac
(( $(nproc) >= 32 )) || die "need 32 cores"
[[ $(id -un) == svc-llm ]] || die "run as svc-llm"
extra=()
case "${1:-serve}" in
  serve) ;;
  eval) extra=(--seed 0) ;;
  *) exit 2 ;;
esac
exec vllm serve /scratch/m --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "${extra[@]}"
