#!/usr/bin/env bash
# serve.sh MODEL [MODE] [ENGINE ARGS…]: the model is shifted off before the
# mode is read, so the mode is the caller's second word.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [MODE] [ENGINE ARGS...]}
shift
MODE=${1:-serve}
shift || true
args=(--model "/models/$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
case "$MODE" in
  serve) ;;
  bench) args+=(--max-num-seqs 64) ;; # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
exec vllm serve "${args[@]}" "$@"
