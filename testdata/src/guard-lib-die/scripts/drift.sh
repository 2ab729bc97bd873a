#!/usr/bin/env bash
# The same preflight; bench's own step is reported once the run gets past it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../lib/common.sh"
. "$here/serve.env"

n=$(gpu_count)
(( n >= SERVE_TP )) || die "need $SERVE_TP GPUs, found $n"
step=$SERVE_MAX_BATCHED_TOKENS
case "${1:?usage: drift.sh serve|bench}" in
  serve) ;;
  bench) step=$(( SERVE_MAX_BATCHED_TOKENS * 8 )) ;; # want "bench boots with --max-num-batched-tokens 8192 where serve boots with 1024" "arithmetic on its owner"
  *) die "unknown mode: $1" ;;
esac
exec vllm serve /models/m --tensor-parallel-size "$SERVE_TP" \
  --max-num-seqs "$SERVE_MAX_SEQS" \
  --max-num-batched-tokens "$step"
