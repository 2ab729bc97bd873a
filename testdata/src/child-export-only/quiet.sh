#!/usr/bin/env bash
# No mode, no finding: plain's SEQS is not exported and sub's export ends
# with its subshell; the child never sees either.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) ;;
  plain) SEQS=64 ;;
  sub) ( export SEQS=4; echo "$SEQS" ) ;;
esac
exec "$here/launch.sh"
