#!/usr/bin/env bash
# Re-runs itself under a lock, as flock(1)'s manual shows: the sandbox
# skips flock, so the re-run (FLOCKER set, the same words) is evaluated
# and eval's own shape reported.
[ "${FLOCKER:-}" != "$0" ] && exec env FLOCKER="$0" flock -en "$0" "$0" "$@" || :
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/job.env"
case "${1:-serve}" in
  serve) extra=() ;;
  eval) extra=(--seed 0 --max-num-seqs 32) ;; # want "eval passes a second --max-num-seqs 32" "eval boots with --max-num-seqs 32 where serve boots with 64"
  *) exit 2 ;;
esac
exec vllm serve /m --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" "${extra[@]}"
