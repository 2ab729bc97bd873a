#!/usr/bin/env bash
# serve.env is sourced under set -a: launch.sh gets MAX_NUM_SEQS, and
# deleting bench's SEQS=64 boots it with the owner's.
set -euo pipefail
here=$(dirname "$0")
set -a; . "$here/serve.env"; set +a
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  bench) SEQS=64 exec "$here/launch.sh" --port 8001 ;; # want "bench passes --max-num-seqs 64 by SEQS=64 on its run of launch.sh" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
