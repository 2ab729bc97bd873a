#!/usr/bin/env bash
# serve.sh MODEL [MODE]: the first word is the model, the second the mode.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [serve|bench|kl]}
MODE=${2:-serve}
case "$MODEL" in
  *70b*) TP=8 ;;
  *) TP=1 ;;
esac
args=(--model "/models/$MODEL" -tp "$TP" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
case "$MODE" in
  serve) ;;
  bench) args+=(--max-num-seqs 64) ;; # want "bench passes a second --max-num-seqs 64 that overrides the shared one; .*serve.env:1 owns it as MAX_NUM_SEQS=16" "bench boots with --max-num-seqs 64 where serve boots with 16"
  kl) args+=(--max-logprobs 20) ;;
  *) echo "unknown mode: $MODE" >&2; exit 2 ;;
esac
exec vllm serve "${args[@]}"
