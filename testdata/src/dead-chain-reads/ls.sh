#!/usr/bin/env bash
# A sourced library's function reads w: the fix keeps w=$w1.
set -euo pipefail
here=$(dirname "$0")
. "$here/dr.env"
. "$here/lib.sh"
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$DR_MAX_NUM_SEQS" ;;
  bench)
    w1=$((DR_MAX_NUM_SEQS * 2))
    w=$w1
    report
    exec vllm serve /m --max-num-seqs "$w" ;; # want "bench passes --max-num-seqs" "bench boots with --max-num-seqs 128"
esac
