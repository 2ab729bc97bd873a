#!/usr/bin/env bash
# `[[ $MODE == kl ]] && A || B` with an assignment for A, which cannot
# fail: B runs exactly when the test does, for every mode but kl (the case
# names serve and bench), as an if's else would. Its literal step is serve's
# and bench's own, where kl reads the owner.
set -euo pipefail
cd "$(dirname "$0")"
. ./serve.env
MODE=${1:-serve}
case "$MODE" in
  serve|kl|bench) ;;
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
[[ $MODE == kl ]] && STEP=$ACME_MAX_NUM_BATCHED_TOKENS || STEP=8192 # want "serve passes --max-num-batched-tokens 8192 through STEP=8192" "bench passes --max-num-batched-tokens 8192 through STEP=8192.*no fix: serve, the proven mode, boots with it" "kl boots with --max-num-batched-tokens 2048 where serve boots with 8192"
exec vllm serve /m --max-num-seqs "$ACME_MAX_NUM_SEQS" --max-num-batched-tokens "$STEP"
