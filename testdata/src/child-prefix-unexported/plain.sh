#!/usr/bin/env bash
# serve.env is sourced, not exported: launch.sh never sees MAX_NUM_SEQS, so
# deleting bench's SEQS=64 would boot it with an empty --max-num-seqs. The
# fix writes the owner's value on the call instead.
set -euo pipefail
here=$(dirname "$0")
. "$here/serve.env"
case "${1:-serve}" in
  serve) SEQS=$MAX_NUM_SEQS exec "$here/launch.sh" ;;
  bench) SEQS=64 exec "$here/launch.sh" --port 8001 ;; # want "bench passes --max-num-seqs 64 by SEQS=64 on its run of launch.sh" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
