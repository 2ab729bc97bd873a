#!/usr/bin/env bash
# Fixes that land inside strings and continued lines (a review of this
# session's string fields): each file's wants are what must be found, and the
# .golden what --fix must write (no dangling backslash, no quotes doubled, nothing
# read from an append that never reaches the engine).
set -eo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
mode=$1
set -- --max-num-seqs "$SERVE_MAX_SEQS" --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS"
case "$mode" in
  serve) ;;
  bench)
    set -- "$@" \
      --max-num-seqs 16 # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
    echo "bench args: $*"
    ;;
esac
exec vllm serve /m "$@"
