#!/usr/bin/env bash
set -eo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
ARGS="--max-num-seqs $SERVE_MAX_SEQS --max-num-batched-tokens $SERVE_MAX_BATCHED_TOKENS"
case "$1" in
  serve) ;;
  bench) unset ARGS; ARGS="$ARGS --max-num-seqs 16" ;; # want "bench boots without --max-num-batched-tokens where serve passes 1024" "bench boots with --max-num-seqs 16 where serve boots with 8"
esac
exec vllm serve /m $ARGS
