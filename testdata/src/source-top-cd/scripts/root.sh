#!/usr/bin/env bash
# The script moves to the repository's root, then sources conf/i.env from
# there: the root's conf/i.env owns the seats, and bench's own 64 is found.
set -euo pipefail
cd "$(dirname "$0")/.." || exit 1
. conf/i.env
case ${1:-serve} in
  serve) exec vllm serve /m --max-num-seqs "$I_MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --max-num-seqs 64 ;; # want "bench passes --max-num-seqs 64; .*conf/i.env:1 owns it" "bench boots with --max-num-seqs 64 where serve boots with 32"
esac
