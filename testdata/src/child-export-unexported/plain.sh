#!/usr/bin/env bash
# serve.env is sourced, not exported: launch.sh never sees MAX_NUM_SEQS, so
# deleting bench's export SEQS=64 would boot it with an empty
# --max-num-seqs. The fix writes the owner's value in the export instead.
set -euo pipefail
here=$(dirname "$0")
. "$here/serve.env"
case "${1:-serve}" in
  serve) export SEQS=$MAX_NUM_SEQS; exec "$here/launch.sh" ;;
  bench) export SEQS=64; exec "$here/launch.sh" --port 8001 ;; # want "bench passes --max-num-seqs 64 by exporting SEQS=64 to its run of launch.sh" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
