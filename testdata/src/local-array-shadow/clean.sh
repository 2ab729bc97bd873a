#!/usr/bin/env bash
# boot's own local argv shadows the top-level one: the top-level append
# never reaches the engine, so no mode passes a second --max-num-seqs.
. "$(dirname "$0")/s.env"
boot() {
  local argv=(vllm serve m --max-num-seqs "$SEQS_MAX_SEQS")
  "${argv[@]}" "$@"
}
argv+=(--max-num-seqs 16)
case "$1" in
  serve) boot --port 1 ;;
  eval) boot --port 2 ;;
esac
