#!/usr/bin/env bash
# A mode's export before it runs a child script is the child's
# environment, as a prefix assignment is: launch.sh's --max-num-seqs reads
# SEQS from it, so bench boots with its own 64 though its words are
# serve's. The fix deletes the export: the child then takes the owner's.
# Prefill and decode roles are other shapes, and a sweep boots once per
# value (no finding).
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  bench) export SEQS=64; exec "$here/launch.sh" --port 8001 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 256" "bench passes --max-num-seqs 64 by exporting SEQS=64 to its run of launch.sh, whose --max-num-seqs ...SEQS:-.MAX_NUM_SEQS.. .*launch.sh:6. reads SEQS from its environment; .*serve.env:2 owns it as MAX_NUM_SEQS=256"
  prefill) export SEQS=8; exec "$here/launch.sh" --port 8003 ;;
  decode) export SEQS=512; exec "$here/launch.sh" --port 8004 ;;
  sweep) for s in 32 64; do export SEQS=$s; "$here/launch.sh" --port 8005; done ;;
esac
