#!/usr/bin/env bash
# The append runs in boot itself, on its local: eval's own seats.
. "$(dirname "$0")/s.env"
boot() {
  local argv=(vllm serve m --max-num-seqs "$SEQS_MAX_SEQS")
  [[ -n ${wide:-} ]] && argv+=(--max-num-seqs 16)  # want "passes a second --max-num-seqs 16" "eval boots with --max-num-seqs 16 where serve boots with 8"
  "${argv[@]}" "$@"
}
case "$1" in
  serve) boot --port 1 ;;
  eval) wide=1; boot --port 2 ;;
esac
