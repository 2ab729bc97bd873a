#!/usr/bin/env bash
# serve.sh MODEL [MODE] [PORT]: the model and the mode are shifted off in
# turn, and a third word read after them is neither.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [MODE] [PORT]}
shift
MODE=${1:-serve}
shift || true
PORT=${1:-8000}
args=(--model "/models/$MODEL" --port "$PORT" --max-num-seqs "$MAX_NUM_SEQS")
case "$MODE" in
  serve) ;;
  bench) args+=(--max-num-seqs 64) ;; # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
exec vllm serve "${args[@]}"
