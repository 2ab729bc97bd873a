#!/usr/bin/env bash
# bench only exports SEQS, which launch.sh's --max-num-seqs reads from its
# environment: its words are serve's, but it boots with its own 64. It was
# no mode at all (nothing in its branch changed the script's own argv
# words), so even argvdrift missed it. The fix deletes the export.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) ;;
  bench) export SEQS=64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 256" "bench passes --max-num-seqs 64 by exporting SEQS=64 to its run of launch.sh"
esac
exec "$here/launch.sh"
