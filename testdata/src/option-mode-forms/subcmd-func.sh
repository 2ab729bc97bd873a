#!/usr/bin/env bash
# ./subcmd-func.sh start --mode kl: the subcommand is shifted off before
# the function that parses the options is handed "$@". A dry run passing
# --mode alone would reach the usage branch, so the option is no selector
# (it was an info: the proven mode could not be evaluated).
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
parse_opts() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --mode) MODE="$2"; shift 2 ;;
      *) shift ;;
    esac
  done
}
start() {
  parse_opts "$@"
  case "$MODE" in
    serve) exec vllm serve "$MODEL" --max-num-seqs "$OF_MAX_NUM_SEQS" --max-num-batched-tokens "$OF_MAX_NUM_BATCHED_TOKENS" ;;
    kl) exec vllm serve "$MODEL" --max-num-seqs "$OF_MAX_NUM_SEQS" --max-num-batched-tokens "$OF_MAX_NUM_BATCHED_TOKENS" --max-logprobs 20 ;;
  esac
}
case "${1:-}" in
  start) shift; start "$@" ;;
  stop) pkill -f "vllm serve" ;;
  *) echo "usage: $0 start|stop [--mode serve|kl]" >&2; exit 1 ;;
esac
