#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
EXTRA="--enforce-eager"
case "$1" in
  serve) ;;
  bench) EXTRA="$EXTRA --max-num-seqs 16" ;; # want "bench boots with --max-num-seqs 16 where serve does not pass it" "bench passes --max-num-seqs 16"
  kl) EXTRA+=" --max-num-seqs=16" ;; # want "kl boots with --max-num-seqs 16 where serve does not pass it" "kl passes --max-num-seqs 16"
esac
exec vllm serve /m --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS" $EXTRA
