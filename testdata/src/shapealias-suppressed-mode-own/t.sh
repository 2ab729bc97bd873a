#!/usr/bin/env bash
# s.sh after privateshape's fix: the shim is reported, without a fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=${BENCH_SEQS:-"$MAX_NUM_SEQS"} ;; # want "seqs is a shim .*no fix: line 8 gives seqs tiny's own value under a servelint:ignore of privateshape"
  tiny) seqs=1 ;; # servelint:ignore privateshape,argvdrift -- smoke test on purpose
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" # want "the script reads seqs, a shim .*no fix: line 8 gives seqs tiny's own value"
