#!/usr/bin/env bash
# The other spellings of the same re-run: each mode boots as root with
# the same shape; nothing to report.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ "$(id -u)" -ne 0 ]; then
  sudo bash "$0" "$@"
  exit $?
fi
[ "$(whoami)" = root ] || { echo "not root" >&2; exit 1; }
[ "$UID" -eq 0 ] || exit 1
. "$here/job.env"
case "${1:-serve}" in
  serve) extra=() ;;
  eval) extra=(--seed 0) ;;
  *) exit 2 ;;
esac
exec vllm serve /m --tensor-parallel-size "$TP" --max-num-seqs "$MAX_NUM_SEQS" --download-dir "$HOME/.cache/$USER" "${extra[@]}"
