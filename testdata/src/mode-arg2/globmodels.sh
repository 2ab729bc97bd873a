#!/usr/bin/env bash
# serve.sh MODEL MODE with glob model arms and a catch-all that exits: the
# dry run passes a model the first arm matches (8b).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [MODE]}
MODE=${2:-serve}
case "$MODEL" in
  *8b*) TP=1 ;;
  *70b*) TP=4 ;;
  *) echo "unknown model $MODEL" >&2; exit 2 ;;
esac
args=(--model "/models/$MODEL" -tp "$TP" --max-num-seqs "$MAX_NUM_SEQS")
case "$MODE" in
  serve) ;;
  bench) args+=(--max-num-seqs 64) ;; # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
exec vllm serve "${args[@]}"
