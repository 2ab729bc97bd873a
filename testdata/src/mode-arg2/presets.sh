#!/usr/bin/env bash
# serve.sh MODEL MODE with the models named in a case that exits on any
# other: the dry run runs the first model the script names (llama).
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [MODE]}
MODE=${2:-serve}
case "$MODEL" in
  llama) PATH_M=/models/llama-3.1-8b; TP=1 ;;
  qwen) PATH_M=/models/qwen2.5-72b; TP=4 ;;
  *) echo "unknown model $MODEL" >&2; exit 2 ;;
esac
args=(--model "$PATH_M" -tp "$TP" --max-num-seqs "$MAX_NUM_SEQS")
case "$MODE" in
  serve) ;;
  bench) args+=(--max-num-seqs 64) ;; # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
exec vllm serve "${args[@]}"
