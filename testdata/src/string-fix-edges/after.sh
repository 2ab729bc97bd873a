#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
ARGS="--max-num-batched-tokens $SERVE_MAX_BATCHED_TOKENS --max-num-seqs $SERVE_MAX_SEQS"
vllm serve /m $ARGS &
case "$1" in
  serve) wait ;;
  bench) ARGS="$ARGS --max-num-seqs 64"; echo "would run with: $ARGS"; wait ;;
esac
