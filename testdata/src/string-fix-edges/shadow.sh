#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
ARGS="--max-num-seqs $SERVE_MAX_SEQS --max-num-batched-tokens $SERVE_MAX_BATCHED_TOKENS"
show_client() {
  local ARGS="$ARGS --max-num-seqs 64"
  echo "client would use: $ARGS"
}
case "$1" in
  serve) ;;
  bench) show_client ;;
esac
exec vllm serve /m $ARGS
