#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
mode=$1
set -- --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS"
case "$mode" in
  serve) set -- "$@" --max-num-seqs "$SERVE_MAX_SEQS" ;;
  kl) set -- "$@" "--max-num-seqs=16" ;; # want "kl boots with --max-num-seqs 16 where serve boots with 8" "kl passes --max-num-seqs 16"
esac
exec vllm serve /m "$@"
