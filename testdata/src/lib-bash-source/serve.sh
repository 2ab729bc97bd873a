#!/usr/bin/env bash
# Every mode boots through the library's launch at the owner's shape but
# bench, which adds its own --max-num-seqs after the shared one: a drift the
# dry run shows once the library's own paths resolve (it could not be
# evaluated while BASH_SOURCE in the library named this script).
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"
case "${1:-serve}" in
  serve) launch --port 8000 ;;
  eval) launch --port 8002 ;;
  bench) launch --port 8001 --max-num-seqs 16 ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
esac
