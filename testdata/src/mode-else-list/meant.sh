#!/usr/bin/env bash
# What the mode test picks is no shape: kl listens on its own port and
# names its model; every shape number comes from the owner in every mode
# (no finding). A right side of && that may fail ($(…)) leaves the || side
# to any mode: read as code of every mode, it is the owner's anyway.
set -euo pipefail
cd "$(dirname "$0")"
. ./serve.env
MODE=${1:-serve}
case "$MODE" in
  serve|kl|bench) ;;
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
[[ $MODE == kl ]] && PORT=8001 || PORT=8000
[[ $MODE == kl ]] && NAME=(--served-model-name kl-ref) || NAME=()
[[ $MODE == bench ]] && SEQS=$(printf %s "$ACME_MAX_NUM_SEQS") || SEQS=$ACME_MAX_NUM_SEQS
exec vllm serve /m --port "$PORT" "${NAME[@]}" --max-num-seqs "$SEQS" --max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS"
