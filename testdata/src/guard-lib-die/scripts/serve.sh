#!/usr/bin/env bash
# The GPU preflight dies through the library's die(): on the rig it passes,
# so every mode is evaluated (it was "could not be evaluated").
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../lib/common.sh"
. "$here/serve.env"

preflight() {
  local n
  n=$(gpu_count)
  if (( n < SERVE_TP )); then
    die "need $SERVE_TP GPUs, found $n"
  fi
}

case "${1:?usage: serve.sh serve|bench}" in
  serve|bench) ;;
  *) die "unknown mode: $1" ;;
esac
preflight
exec vllm serve /models/m --tensor-parallel-size "$SERVE_TP" \
  --max-num-seqs "$SERVE_MAX_SEQS" \
  --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS"
