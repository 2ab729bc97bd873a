#!/usr/bin/env bash
# No finding: bench's SEQS is not exported (the child never sees it); kl's
# export is in a subshell; the shared path re-assigns STEP from the owner
# key before the run; fixed.sh sets SEQS itself.
set -euo pipefail
here=$(dirname "$0")
. "$here/serve.env"
case "${1:-serve}" in
  serve) port=8000 ;;
  bench) port=8001; SEQS=64 ;;
  kl) ( export SEQS=4; echo "$SEQS" ) ;;
  load) export STEP=16384 ;;
  other) export SEQS=64; exec "$here/fixed.sh" ;;
esac
export STEP=$MAX_NUM_BATCHED_TOKENS
exec "$here/launch.sh" --port "${port:-8005}"
