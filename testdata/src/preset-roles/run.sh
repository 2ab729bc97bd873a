#!/usr/bin/env bash
# kl sources its own file, but a scoring mode shares the proven shape (law 5).
set -euo pipefail
here=$(dirname "$0")
. "$here/common.env"
case "$1" in
  serve) . "$here/serve.env"; port=8000 ;;
  kl) . "$here/kl.env"; port=8001 ;;
  *) exit 2 ;;
esac
exec vllm serve "$FA_MODEL" --port "$port" --max-num-seqs "$FA_MAX_NUM_SEQS" --max-num-batched-tokens "$FA_MAX_BATCHED_TOKENS" # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 1024"
