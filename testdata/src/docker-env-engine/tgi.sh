#!/usr/bin/env bash
# TGI's command line wins over its environment: with --max-concurrent-requests
# passed, bench's -e sizes nothing; and TGI reads MAX_BATCH_PREFILL_TOKENS,
# not the file's TGI_ key.
set -euo pipefail
here=$(dirname "$0")
. "$here/tgi.env"
opts=(--rm --gpus all --env-file "$here/tgi.env")
case "${1:-serve}" in
  serve) ;;
  bench) opts+=(-e MAX_CONCURRENT_REQUESTS=256 -e TGI_MAX_BATCH_PREFILL_TOKENS=8192) ;;
esac
exec docker run "${opts[@]}" ghcr.io/huggingface/text-generation-inference:3.0.1 --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS"
