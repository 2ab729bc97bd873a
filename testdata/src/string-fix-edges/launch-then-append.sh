#!/usr/bin/env bash
set -eo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
mode=${1:-serve}
launch() {
  vllm serve /m $EXTRA &
  pid=$!
}
EXTRA="--max-num-seqs $SERVE_MAX_SEQS --max-num-batched-tokens $SERVE_MAX_BATCHED_TOKENS"
case "$mode" in
  serve) launch ;;
  bench)
    launch
    EXTRA="$EXTRA --max-num-seqs 16"
    python bench.py $EXTRA
    ;;
esac
wait "$pid"
