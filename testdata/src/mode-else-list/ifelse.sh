#!/usr/bin/env bash
# The else of an if that only tests the mode runs for every mode it does
# not name (the case names serve and bench): their literal step is theirs.
set -euo pipefail
cd "$(dirname "$0")"
. ./serve.env
MODE=${1:-serve}
case "$MODE" in
  serve|kl|bench) ;;
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
args=(--max-num-seqs "$ACME_MAX_NUM_SEQS")
if [[ $MODE == kl ]]; then
  args+=(--max-num-batched-tokens "$ACME_MAX_NUM_BATCHED_TOKENS") # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 8192"
else
  args+=(--max-num-batched-tokens 8192) # want "serve.bench passes --max-num-batched-tokens 8192"
fi
exec vllm serve /m "${args[@]}"
