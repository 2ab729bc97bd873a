#!/usr/bin/env bash
# The || branch is in the serve|kl|bench arm: serve and bench run it, kl
# (named) and calib (another arm) do not.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODE=${1:-serve}
args=(--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS") # want "kl boots with --max-num-seqs 16 where serve boots with 64" "calib boots with --max-num-seqs 16 where serve boots with 64"
case $MODE in
  serve|kl|bench)
    [[ $MODE == kl ]] || args+=(--enable-prefix-caching --max-num-seqs 64) # want "serve\|bench passes a second --max-num-seqs 64 that overrides the shared one.*no fix: serve, the proven mode, boots with it"
    ;;
  calib) args+=(--ngram-placement disk) ;;
  *) exit 2 ;;
esac
exec vllm serve /m "${args[@]}"
