#!/usr/bin/env bash
# Neighbours of the re-run: a lock on another file around a command that
# is not the script, and the prefix-assignment spelling of the re-run.
# Each mode boots with the same shape; nothing to report.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ "${FLOCKER:-}" = "$0" ] || FLOCKER="$0" exec flock -n /tmp/llm-serve.lock "$0" "$@"
flock -w 30 /tmp/llm-download.lock true
. "$here/job.env"
case "${1:-serve}" in
  serve) extra=() ;;
  eval) extra=(--seed 0) ;;
  *) exit 2 ;;
esac
exec vllm serve /m --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" "${extra[@]}"
