#!/usr/bin/env bash
set -eo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
ARGS="--max-num-seqs $SERVE_MAX_SEQS --max-num-batched-tokens $SERVE_MAX_BATCHED_TOKENS $EXTRA"
case "$1" in
  serve) ;;
  bench) EXTRA="--max-num-seqs 16"; echo "note: bench extra $EXTRA ignored" ;;
esac
exec vllm serve /m $ARGS
