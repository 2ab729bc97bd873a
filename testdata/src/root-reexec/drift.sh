#!/usr/bin/env bash
# Re-runs itself as root: the sandbox's uid is 1000, so the re-run is
# evaluated (as root, with the same words) and eval's own shape reported.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[[ $EUID -eq 0 ]] || exec sudo -E "$0" "$@"
. "$here/job.env"
case "${1:-serve}" in
  serve) extra=() ;;
  eval) extra=(--seed 0 --max-num-seqs 32) ;; # want "eval passes a second --max-num-seqs 32" "eval boots with --max-num-seqs 32 where serve boots with 64"
  *) exit 2 ;;
esac
exec vllm serve /m --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" "${extra[@]}"
